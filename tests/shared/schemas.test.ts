import {
  createClubInputSchema,
  createPostInputSchema,
  LIMITS,
  membershipPricingSchema,
  pageQuerySchema,
  postMediaUploadInputSchema,
  registrationSchema,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';

describe('input schemas', () => {
  it('require the create-club fields, trim them and refuse unknown fields', () => {
    expect(createClubInputSchema.parse({ name: '  Runners ', description: 'Dawn' })).toEqual({
      name: 'Runners',
      description: 'Dawn',
    });
    expect(createClubInputSchema.safeParse({ name: ' ', description: 'x' }).success).toBe(false);
    expect(createClubInputSchema.safeParse({ name: 'a', description: 'b', status: 'active' }).success).toBe(
      false,
    );
    expect(
      createClubInputSchema.safeParse({ name: 'a'.repeat(LIMITS.clubName + 1), description: 'b' }).success,
    ).toBe(false);
  });

  it('apply the post rules: text needs title and content, media posts need media', () => {
    expect(createPostInputSchema.safeParse({ title: 'Hi', content: 'there' }).success).toBe(true);
    expect(createPostInputSchema.safeParse({ title: 'Hi', content: '  ' }).success).toBe(false);
    expect(createPostInputSchema.safeParse({ type: 'image', media: [] }).success).toBe(false);
    const key = 'club-media/club1/posts/user1/01arz3ndektsv4rrffq69g5fav.png';
    expect(createPostInputSchema.safeParse({ type: 'image', media: [key] }).success).toBe(true);
    for (const bad of [
      '/media/a.png',
      'javascript:alert(1)',
      `${key}/../x.png`,
      'club-media/c/posts/u/x.png',
    ]) {
      expect(createPostInputSchema.safeParse({ type: 'image', media: [bad] }).success, bad).toBe(false);
    }
    expect(createPostInputSchema.safeParse({ type: 'image', media: [key, key] }).success).toBe(false);
    expect(createPostInputSchema.safeParse({ title: 'a', content: 'b', media: [key] }).success).toBe(false);
  });

  it('check a post file before signing: media type, size and the post type', () => {
    const ok = { postType: 'image', contentType: 'image/png', size: 1000 };
    expect(postMediaUploadInputSchema.safeParse(ok).success).toBe(true);
    const messages = (input: unknown) =>
      postMediaUploadInputSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ ...ok, contentType: 'application/pdf' })).toContain(
      'Only image or video files are allowed',
    );
    expect(messages({ ...ok, size: 11 * 1024 * 1024 })).toContain('File size must be under 10MB');
    expect(messages({ ...ok, contentType: 'video/mp4' })).toContain('Selected file is not a image');
  });

  it('need 8-character passwords and a real e-mail on registration', () => {
    expect(registrationSchema.safeParse({ name: 'A', email: 'a@b.co', password: '1234567' }).success).toBe(
      false,
    );
    expect(registrationSchema.safeParse({ name: 'A', email: 'not-mail', password: '12345678' }).success).toBe(
      false,
    );
    expect(registrationSchema.parse({ name: 'A', email: 'A@B.co', password: '12345678' }).email).toBe(
      'a@b.co',
    );
  });

  it('bound prices to two decimals and page sizes to the limit', () => {
    const pricing = { model: 'paid', monthlyPrice: 9.99, freeTrial: true };
    expect(membershipPricingSchema.parse(pricing).currency).toBe('USD');
    expect(membershipPricingSchema.safeParse({ ...pricing, monthlyPrice: 9.999 }).success).toBe(false);
    expect(membershipPricingSchema.safeParse({ ...pricing, monthlyPrice: -1 }).success).toBe(false);
    expect(pageQuerySchema.parse({})).toEqual({ limit: LIMITS.pageSizeDefault });
    expect(pageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
