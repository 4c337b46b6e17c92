// Engine tables (issue 5): owned by the engine part named in the file name.
export {};
