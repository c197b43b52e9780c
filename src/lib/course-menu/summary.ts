/**
 * How the public pages word a store's menu: one course as 「60分 12,000円」,
 * and the short line beside each of its therapists, its lowest price
 * (「コース 60分 12,000円〜」).
 */
import type { Course } from '../../schema/course-menu';

/** 12000 → 「12,000円」. */
export function formatYen(price: number): string {
  return `${price.toLocaleString('ja-JP')}円`;
}

/** The course with the lowest price (the shorter one on a tie), or null for an empty menu. */
export function cheapestCourse(courses: readonly Course[]): Course | null {
  let best: Course | null = null;
  for (const course of courses) {
    if (!best || course.price < best.price || (course.price === best.price && course.minutes < best.minutes)) best = course;
  }
  return best;
}

/** 「コース 60分 12,000円〜」, or null when the store lists no course. */
export function courseFromText(courses: readonly Course[]): string | null {
  const course = cheapestCourse(courses);
  return course ? `コース ${course.minutes}分 ${formatYen(course.price)}〜` : null;
}
