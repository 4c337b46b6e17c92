// Texts of the Stored PA Messages page (spec 02 §2.12, §5 'Stored PA message', §8 'Stored messages').
export const STORED_MESSAGES_TITLE = 'Stored PA Messages';
export const STORED_MESSAGES_LOADING = 'Loading stored messages';
export const STORED_MESSAGES_FAILED = 'Problem retrieving stored messages';
export const STORED_MESSAGES_FAILED_DETAIL = 'Check internet connection.';
export const NO_STORED_MESSAGES = "You don't have any stored messages";
export const ADD_MESSAGE = 'Add Message';
export const COLUMN_TITLE = 'Title';
export const COLUMN_MESSAGE = 'Message';
export const COLUMN_ACTIONS = 'Actions';
export const ADD_TITLE = 'Add Stored Message';
export const UPDATE_TITLE = 'Update Stored Message';
export const DELETE_TITLE = 'Delete Stored Message';
export const ADDED = 'Successfully Added Stored Message';
export const UPDATED = 'Successfully Updated Stored Message';
export const DELETED = 'Successfully Deleted Stored Message';
export const ADD_FAILED = 'Failed To Add Message';
export const UPDATE_FAILED = 'Failed To Update Message';
export const DELETE_FAILED = 'Failed To Delete Message';
/** Stored messages page size (spec 02 §9). */
export const STORED_MESSAGES_PAGE_SIZE = 10;
