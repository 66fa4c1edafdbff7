/**
 * Pictures: raster formats a browser shows in an <img> and that cannot carry script (no SVG). Avatars
 * must be one; a task's file of one of them gets a thumbnail and may be the card's cover. (No TypeBox
 * here: the front ends import it at run time.)
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
