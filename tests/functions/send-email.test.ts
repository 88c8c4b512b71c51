/**
 * The e-mail module against a mocked SES v2 client: the message SES is asked to send (From, To,
 * Reply-To, subject, text and HTML parts, configuration set), a refusal reported as not sent, and
 * a suppressed address (its item found in the table, here a mocked document client) not sent to.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { setDocumentClient } from '@clubs/functions/data/client';
import { EmailNotSent, EmailSuppressed, sendEmail, setSesClient } from '@clubs/functions/email/send-email';
import { toErrorResponse } from '@clubs/functions/http/errors';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ses = mockClient(SESv2Client);
const table = mockClient(DynamoDBDocumentClient);
const message = { to: 'ivy@example.com', subject: 'Hello', text: 'Hi Ivy', html: '<p>Hi Ivy</p>' };

beforeEach(() => {
  ses.reset();
  table.reset();
  table.on(GetCommand).resolves({});
  setSesClient(undefined);
  setDocumentClient(undefined);
  process.env.TABLE_NAME ??= 'clubs-unit';
  process.env.EMAIL_FROM = 'no-reply@clubs.example';
  process.env.SES_CONFIGURATION_SET = 'clubs-transactional';
});
afterEach(() => {
  delete process.env.SES_CONFIGURATION_SET;
});

describe('sendEmail', () => {
  it('sends a text and an HTML part from the configured address with the configuration set', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await expect(sendEmail({ ...message, replyTo: 'owner@example.com' })).resolves.toEqual({
      messageId: 'm-1',
    });
    const [call] = ses.commandCalls(SendEmailCommand);
    expect(call?.args[0].input).toEqual({
      FromEmailAddress: 'no-reply@clubs.example',
      Destination: { ToAddresses: ['ivy@example.com'] },
      ReplyToAddresses: ['owner@example.com'],
      ConfigurationSetName: 'clubs-transactional',
      Content: {
        Simple: {
          Subject: { Data: 'Hello', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Hi Ivy', Charset: 'UTF-8' },
            Html: { Data: '<p>Hi Ivy</p>', Charset: 'UTF-8' },
          },
        },
      },
    });
  });

  it('reports a refusal as not sent (502), never as sent', async () => {
    ses
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('Email address is not verified'), { name: 'MessageRejected' }));
    const error = await sendEmail(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailNotSent);
    expect(toErrorResponse(error).status).toBe(502);
  });

  it('reports not sent, without calling SES, when no From address is configured', async () => {
    delete process.env.EMAIL_FROM;
    await expect(sendEmail(message)).rejects.toBeInstanceOf(EmailNotSent);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('sends nothing to an address SES reported as bouncing or complaining', async () => {
    table.on(GetCommand).resolves({ Item: { pk: 'EMAIL#ivy@example.com', sk: 'SUPPRESSED' } });
    await expect(sendEmail(message)).rejects.toBeInstanceOf(EmailSuppressed);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(table.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual({
      pk: 'EMAIL#ivy@example.com',
      sk: 'SUPPRESSED',
    });
  });
});
