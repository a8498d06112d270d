// docs/product.md §2 and 8 texts for deleting a post.
export const DELETE_QUESTION = 'Are you sure you want to delete this post?';
export const DELETE_FAILED = 'Failed to delete post. Please try again.';
