/** The `epic` lessons, in teaching order: plain JSON, checked by `loadLesson` (src/teach/runner.ts). */
import assaut from './assaut.json';
import interception from './interception.json';
import ordres from './ordres.json';

export const epicLessons: unknown[] = [ordres, interception, assaut];
