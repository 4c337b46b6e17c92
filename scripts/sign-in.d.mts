/** An answer's body as an error quotes it: the start of it (sign-in.mjs). */
export declare function brief(text: string): string;
/** A user's access token through the product's code flow with PKCE and its sign-in form (sign-in.mjs). */
export declare function signIn(baseUrl: string, email: string, password: string): Promise<string>;
