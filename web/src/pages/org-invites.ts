// Inviting validators from the project's page: the same invite as the developer API's (one upsert
// per address and project, an optional class of the spec with its evidence note, the invitation
// email unless switched off), and the pending invites with a way to cancel each.
import { h, replace } from '../dom.ts';
import { action, api, ok, type Schemas } from '../api.ts';

const PAGE = 20;

export async function invitesSection(projectId: string, classes: Schemas['ValidatorClass'][]): Promise<HTMLElement> {
  const path = { projectId };
  const status = h('p', { role: 'status', class: 'result' });
  const email = h('input', {
    id: 'invite-email',
    type: 'email',
    required: true,
    maxlength: '320',
    autocomplete: 'off',
  });
  const classSelect = h(
    'select',
    { id: 'invite-class' },
    h('option', { value: '' }, 'No class (granted later, or none)'),
    classes.map((c) => h('option', { value: c.id }, `${c.label} (${c.type}, weight ${c.consensusWeight})`)),
  );
  const note = h('input', { id: 'invite-note', type: 'text', maxlength: '2000', autocomplete: 'off' });
  const noteRow = h(
    'p',
    { hidden: true },
    h('label', { for: 'invite-note' }, 'Evidence for the class (required with a class; kept for audit)'),
    note,
  );
  const send = h('input', { id: 'invite-send', type: 'checkbox', checked: true });
  const submit = h('button', { type: 'submit' }, 'Invite');
  classSelect.addEventListener('change', () => {
    noteRow.hidden = classSelect.value === '';
    note.required = classSelect.value !== '';
  });

  const list = h('ul', { class: 'invites' });
  const more = h('button', { type: 'button', class: 'secondary small', hidden: true }, 'Show more invites');
  let cursor: string | null = null;

  const row = (i: Schemas['Invite']): HTMLElement => {
    const cancel = h('button', { type: 'button', class: 'secondary small' }, `Cancel the invite of ${i.email}`);
    const item = h(
      'li',
      {},
      h('span', {}, i.email),
      ' · ',
      i.status === 'pending'
        ? `pending, ${i.emailSentAt ? `emailed ${i.emailSentAt.slice(0, 10)}` : 'no email sent'}`
        : `${i.status} ${i.cancelledAt?.slice(0, 10) ?? ''}`,
      i.activeClassIds?.length ? ` · class ${i.activeClassIds.join(', ')}` : '',
      ' ',
      i.status === 'pending' ? cancel : null,
    );
    cancel.addEventListener('click', () =>
      action(cancel, status, async () => {
        await ok(
          api.DELETE('/originator/projects/{projectId}/invites/{inviteId}', {
            params: { path: { projectId, inviteId: i.id } },
          }),
        );
        await reload();
        return `The invite of ${i.email} is cancelled.`;
      }),
    );
    return item;
  };

  const load = async (after: string | null): Promise<void> => {
    const page = await ok(
      api.GET('/originator/projects/{projectId}/invites', {
        params: { path, query: { limit: PAGE, ...(after ? { cursor: after } : {}) } },
      }),
    );
    const invites = page.data ?? [];
    if (!after && invites.length === 0) list.append(h('li', { class: 'note' }, 'No pending or cancelled invites.'));
    list.append(...invites.map(row));
    cursor = page.hasMore ? page.nextCursor : null;
    more.hidden = cursor === null;
  };
  const reload = async () => {
    replace(list);
    await load(null);
  };
  more.addEventListener('click', () =>
    action(more, status, async () => {
      await load(cursor);
    }),
  );

  const form = h(
    'form',
    { novalidate: true, class: 'invite-form' },
    h('p', {}, h('label', { for: 'invite-email' }, 'Email address'), email),
    h('p', {}, h('label', { for: 'invite-class' }, 'Validator class'), classSelect),
    noteRow,
    h('p', { class: 'switch' }, send, h('label', { for: 'invite-send' }, 'Send the invitation email now')),
    submit,
  );
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    for (const field of [email, note]) {
      if (!field.checkValidity()) {
        field.setAttribute('aria-invalid', 'true');
        replace(
          status,
          field === email
            ? 'Enter a valid email address, such as ada@example.com.'
            : 'Say why this person belongs to the class.',
        );
        status.classList.add('error');
        field.focus();
        return;
      }
      field.removeAttribute('aria-invalid');
    }
    await action(submit, status, async () => {
      const body: Schemas['CreateInviteRequest'] = { email: email.value.trim(), sendEmail: send.checked };
      if (classSelect.value) {
        body.classId = classSelect.value;
        body.evidenceNote = note.value.trim();
      }
      const invite = await ok(api.POST('/originator/projects/{projectId}/invites', { params: { path }, body }));
      email.value = '';
      await reload();
      return invite.status === 'accepted'
        ? `${invite.email} already accepted an invite: they are a validator of this project.`
        : `${invite.email} is invited${invite.emailSentAt || body.sendEmail ? '; the email is on its way' : ''}.`;
    });
  });

  const section = h(
    'section',
    { class: 'card', 'aria-labelledby': 'invites-title' },
    h('h2', { id: 'invites-title' }, 'Invite validators'),
    form,
    status,
    h('h3', {}, 'Invites'),
    list,
    more,
  );
  await load(null);
  return section;
}
