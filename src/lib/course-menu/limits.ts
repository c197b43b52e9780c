/** The course menu's bounds, without zod: the editor island imports them (src/schema/course-menu.ts checks with them). */
export const COURSE_LIMITS = {
  /** Eight of each: what the rules can check in one write (docs/decisions/course-menu.md). */
  courses: 8,
  options: 8,
  minMinutes: 10,
  maxMinutes: 600,
  /** Yen. A course is never free; an option may be (指名料無料). */
  minCoursePrice: 1,
  minOptionPrice: 0,
  maxPrice: 1_000_000,
  note: 40,
  optionName: 30,
} as const;
