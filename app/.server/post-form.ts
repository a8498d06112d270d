// The server half of the post editor (/posts/new and /posts/edit/{id}, docs/product.md §2): the
// fields through PostSchema, the attachment checked by its bytes and size and moved into the store.
import { data } from '@remix-run/node';
import { PostSchema } from '~/lib/schemas';
import { store } from './store';
import { discardUploads, formReply, FORM_LIMITS, parseForm, readForm, tooLarge } from './forms';
import { requireUser } from './session';
import { prepareAttachment } from './uploads';

/**
 * The create/edit action's first step: a valid post with its checked file, or the reply to send
 * back (what was typed, and the error next to its field) with nothing kept.
 */
export async function readValidPost(request: Request) {
  const formData = await readForm(request, FORM_LIMITS.post);
  if (!formData) return { refused: tooLarge(FORM_LIMITS.post) } as const;
  try {
    const { submission, refused } = parseForm(formData, PostSchema, FORM_LIMITS.post);
    if (refused) return { refused } as const;
    if (submission.status !== 'success') return { refused: formReply(submission.reply()) } as const;
    const attachment = await prepareAttachment(formData);
    if (attachment.error) {
      const fieldErrors = { attachment: [attachment.error] };
      return { refused: formReply(submission.reply({ fieldErrors })) } as const;
    }
    return { refused: null, submission, file: attachment.asset } as const;
  } finally {
    discardUploads(formData);
  }
}

/** The edit and delete pages' loader: the member's own post, or 404 (post: null) for any other id. */
export async function loadOwnPost(request: Request, postId: string | undefined) {
  const user = await requireUser(request);
  const post = await store.ownPosts.find(user, postId ?? '');
  return data({ post }, { status: post ? 200 : 404 });
}
