// Testing Library waits up to 1 s by default for lazily loaded pages and answers; a busy 2-core CI machine needs more.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
