// How e-mail addresses compare (docs/architecture.md §5b: `users.email` is lower-cased, unique): in
// any case, spaces around ignored. Every address the store keeps or looks up, the sign-in limits
// count and an identity provider answers goes through this one function.
export const normalEmail = (email: string) => email.trim().toLowerCase();
