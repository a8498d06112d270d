// The two states of /profile's 'Profile Details' card (docs/product.md §2, §4): the view, and the
// editor (profile-edit-form.tsx). The editor and conform (11 KB gzip) load when it is first shown
// or the 'Edit Profile' link is pointed at, so a view of /profile stays under the JavaScript
// budget (docs/performance.md). The server renders the editor whole, so without JavaScript, and
// before its chunk arrives, the form is there and works as HTML.
import { Link } from '@remix-run/react';
import { lazyForm } from '~/components/lazy-form';
import { Avatar } from '~/components/images';
import type { Member } from '~/lib/models';

/** The profile's own fields (its posts are listed elsewhere). */
export type Profile = Omit<Member, 'posts'>;

export const ProfileEditForm = lazyForm(() =>
  import('./profile-edit-form').then((module) => module.ProfileEditForm),
);

/** Props for the 'Edit Profile' link: start loading the editor before it is clicked. */
export const preloadEditForm = { onPointerEnter: ProfileEditForm.preload, onFocus: ProfileEditForm.preload };

export function ProfileView({ member, email }: { member: Profile; email: string }) {
  const memberId = member.username.toLowerCase();
  return (
    <>
      <div className="member-card-top">
        <Avatar asset={member.avatar} name={member.fullname} size={96} lazy={false} />
        <div>
          <p className="member-name">{member.fullname}</p>
          <p className="muted">@{member.username}</p>
          <p className="muted">{email}</p>
        </div>
      </div>
      <h3 className="small-heading">Bio</h3>
      <p className="prewrap">{member.bio || 'No bio yet.'}</p>
      <h3 className="small-heading">Qualifications</h3>
      {member.qualifications.length ? (
        <ul className="ticks">
          {member.qualifications.map((qualification) => (
            <li key={qualification}>{qualification}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">None listed.</p>
      )}
      <p>
        <Link to={`/members/${memberId}`}>See your public profile</Link>
      </p>
    </>
  );
}
