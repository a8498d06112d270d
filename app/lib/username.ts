// How usernames compare (docs/product.md §5): in any case, spaces around ignored. The users table
// keeps this key beside the name as typed (`username_key`), unique.
export const usernameKey = (username: string) => username.trim().toLowerCase();
