/** A board made from a template, as the boards domain's create call makes it (wired in app.ts). */

export { boardFromTemplate } from './make.js';
