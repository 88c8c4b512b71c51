import { configure } from '@testing-library/react';

// The web suite shares two cores with DynamoDB Local and the integration suite in `npm test`:
// `findBy…` and `waitFor` wait for what the user would see for up to 5 s instead of the default
// 1 s, so a busy machine slows a test down rather than failing it. No assertion is about speed.
configure({ asyncUtilTimeout: 5_000 });
