/**
 * Contact: details, the message form (name, e-mail,
 * subject, message, all required), an FAQ, a help-centre link to /support and a map. The form
 * is real here, not a mock: the message is stored through POST /api/contact, limited
 * per sender address, then the 'Message Sent!' screen offers 'Send Another Message'.
 */
import { Link as AmplifyLink, Button, Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { ContactMessage } from '@clubs/shared';
import { useEffect, useRef, useState } from 'react';
import { isApiError, messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { FIELDS_REQUIRED, INVALID_EMAIL } from '../../../auth/messages.ts';
import { bindField, type Problem, problem, requireAll, useForm } from '../../../components/form/useForm.tsx';
import { Faq } from '../../../components/public/Faq.tsx';
import { StaticMap } from '../../../components/public/StaticMap.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { StaticPage } from '../components/StaticPage.tsx';

export const CONTACT_DETAILS = {
  email: 'hello@clubs.example',
  phone: '+1 (555) 010-0199',
  address: ['Clubs Inc.', '200 Park Avenue South, Suite 400', 'New York, NY 10003'],
  hours: 'Monday to Friday, 9am to 5pm EST',
} as const;

export const SEND_FAILED = 'Your message could not be sent. Please try again.';

const CONTACT_FAQ = [
  {
    question: 'How soon will I hear back?',
    answer: 'We reply to every message within 24 hours on working days.',
  },
  {
    question: 'I am a member of a club. Who do I ask about its content?',
    answer:
      'The club owner is best placed to help: reach them inside the club. For account or payment problems, write to us.',
  },
  {
    question: 'Can I get help setting up my club?',
    answer:
      'Yes. Tell us about your community in the form and our team will walk you through the first steps.',
  },
] as const;

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };

/** The server's reason (on the e-mail field when it refused the address), or the fallback. */
function failureOf(error: unknown): Problem {
  const details = isApiError(error) ? error.details : undefined;
  if (
    Array.isArray(details) &&
    details.some((d) => String((d as { path?: unknown }).path).endsWith('email'))
  ) {
    return problem(INVALID_EMAIL, 'email');
  }
  return problem(messageOf(error, SEND_FAILED));
}

function MessageSent({ onAgain }: { onAgain(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to what replaced it, so keyboard and screen-reader users follow.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="clubs-sent" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Message Sent!
      </h2>
      <p>Thank you for reaching out. We will get back to you within 24 hours.</p>
      <Button variation="primary" onClick={onAgain}>
        Send Another Message
      </Button>
    </div>
  );
}

function ContactForm() {
  const [form, setForm] = useState<ContactMessage>(EMPTY);
  const [sent, setSent] = useState(false);
  const contact = useForm({
    check: () =>
      requireAll(FIELDS_REQUIRED, {
        name: form.name.trim(),
        email: form.email.trim(),
        subject: form.subject.trim(),
        message: form.message.trim(),
      }),
    send: async () => api('sendContactMessage', { body: form }),
    onSuccess: () => {
      setSent(true);
      setForm(EMPTY);
    },
    failure: failureOf,
    label: 'Contact message',
  });
  const { busy, fieldProps } = contact;
  const field = bindField(fieldProps, busy);

  const set = (key: keyof ContactMessage) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  if (sent) return <MessageSent onAgain={() => setSent(false)} />;

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      onSubmit={contact.submit}
      noValidate
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">Send us a message</h2>
      {contact.alert}
      <Flex gap="medium" wrap="wrap" className="clubs-contact__row">
        <TextField
          label="Name"
          autoComplete="name"
          {...field('name', form.name, set('name'))}
          flex="1 1 12rem"
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...field('email', form.email, set('email'))}
          flex="1 1 12rem"
        />
      </Flex>
      <TextField label="Subject" {...field('subject', form.subject, set('subject'))} />
      <TextAreaField label="Message" rows={6} {...field('message', form.message, set('message'))} />
      <Button type="submit" variation="primary" isDisabled={busy} alignSelf="flex-start">
        {busy ? 'Sending...' : 'Send Message'}
      </Button>
    </Flex>
  );
}

export default function ContactPage() {
  const { email, phone, address, hours } = CONTACT_DETAILS;
  return (
    <StaticPage
      title="Contact Us"
      lead="Questions, ideas or trouble with your club? We would love to hear from you."
    >
      <div className="clubs-contact">
        <div className="clubs-contact__form">
          <ContactForm />
        </div>
        <aside className="clubs-contact__details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Get in touch</h2>
          <dl>
            <dt>Email</dt>
            <dd>
              <AmplifyLink href={`mailto:${email}`}>{email}</AmplifyLink>
            </dd>
            <dt>Phone</dt>
            <dd>{phone}</dd>
            <dt>Office</dt>
            <dd>
              {address.map((line) => (
                <span key={line} className="clubs-contact__line">
                  {line}
                </span>
              ))}
            </dd>
            <dt>Support hours</dt>
            <dd>{hours}. We reply within 24 hours.</dd>
          </dl>
          <p>
            Looking for answers right away? Visit our <TextLink to="/support">Help Centre</TextLink>.
          </p>
          <StaticMap
            label={`Map of the area around ${address.slice(1).join(', ')}, with our office marked`}
            href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(address.slice(1).join(', '))}`}
          />
        </aside>
      </div>
      <Faq items={CONTACT_FAQ} />
    </StaticPage>
  );
}
