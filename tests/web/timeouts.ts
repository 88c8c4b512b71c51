import { configure } from '@testing-library/react';

// The web suite shares two cores with DynamoDB Local and the integration suite in `npm test`:
// `findBy…` and `waitFor` wait for what the user would see for up to 20 s, inside the 30 s a web
// test may take, instead of the default 1 s, so a busy machine slows a test down rather than
// failing it (a lazily loaded page took over 5 s at a load average of 16, and the dashboard's
// first greeting over 8 s at 13). No assertion is about speed.
configure({ asyncUtilTimeout: 20_000 });
