import { z } from './zod';
import { COURSE_LIMITS } from '../lib/course-menu/limits';

/**
 * A store's course menu (コース料金), kept on stores/{uid} as `courses` and
 * `options` and exported with the store's public record. Bounded counts,
 * lengths and whole-number ranges: firestore.rules `isCourses` /
 * `isCourseOptions` and the editor (src/lib/course-menu/form.ts) check the
 * same limits.
 */

const yen = (min: number) => z.number().int().min(min).max(COURSE_LIMITS.maxPrice);

export const course = z
  .object({
    minutes: z.number().int().min(COURSE_LIMITS.minMinutes).max(COURSE_LIMITS.maxMinutes),
    price: yen(COURSE_LIMITS.minCoursePrice),
    note: z.string().max(COURSE_LIMITS.note),
  })
  .strict();
export type Course = z.infer<typeof course>;

export const courseOption = z
  .object({
    name: z.string().min(1).max(COURSE_LIMITS.optionName),
    price: yen(COURSE_LIMITS.minOptionPrice),
  })
  .strict();
export type CourseOption = z.infer<typeof courseOption>;

export const courses = z.array(course).max(COURSE_LIMITS.courses);
export const courseOptions = z.array(courseOption).max(COURSE_LIMITS.options);
