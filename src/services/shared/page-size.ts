/** The most items one page of a cursor-paged listing (history items, folder and library contents) may ask for. */
export const MAX_PAGE_SIZE = 1000;
