export * from './club.ts';
export * from './common.ts';
export * from './course.ts';
export * from './event.ts';
export * from './membership.ts';
export * from './misc.ts';
export * from './post.ts';
export * from './profile.ts';
