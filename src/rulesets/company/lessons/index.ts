/** The `company` lessons, in teaching order: plain JSON, checked by `loadLesson` (src/teach/runner.ts). */
import etats from './etats.json';
import focalisation from './focalisation.json';
import passeDArmes from './passe-d-armes.json';

export const companyLessons: unknown[] = [passeDArmes, etats, focalisation];
