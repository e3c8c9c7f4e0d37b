/*
 * Which file names are G-code: the one list every part of the site reads.
 *
 * Two sets, from the same table:
 * - UPLOAD: what a post's model may be (the spec: .gcode, .nc, .ngc and its message
 *   'Upload a valid model (invalid file type)'). Upload URLs, the wizard's check and anything
 *   that decides what an author may store use this set.
 * - READ: every extension the previewer and the analysis read as G-code: the upload set plus what
 *   common controllers and CAM tools write (.gco from laser cutters' software, .tap from Mach3 /
 *   Vectric, ...). The viewer's file picker (`accept`), its drag and drop, the upload analysis and
 *   the project carousel use this set, so a file the picker offers is always one they all read.
 *
 * Pure (no DOM, no Node): safe in the browser, the Worker and the server.
 */

interface GcodeExtension {
  /** Lower case, with the dot. */
  extension: string;
  /** Who writes it (documentation; shown nowhere). */
  writtenBy: string;
  /** True when an author may upload it as a post model (the spec's rule). */
  upload: boolean;
}

const TABLE: readonly GcodeExtension[] = [
  { extension: ".gcode", writtenBy: "most slicers and CAM post-processors", upload: true },
  { extension: ".nc", writtenBy: "Fusion 360, Carbide Create, Easel, many CAM tools", upload: true },
  { extension: ".ngc", writtenBy: "LinuxCNC, pcb2gcode, FreeCAD", upload: true },
  { extension: ".gco", writtenBy: "laser cutters' software (e.g. xTool, LaserGRBL exports)", upload: false },
  { extension: ".tap", writtenBy: "Mach3 / Mach4, Vectric, Inkscape gcodetools", upload: false },
  { extension: ".gc", writtenBy: "Inkscape gcodetools, Grbl senders", upload: false },
  { extension: ".cnc", writtenBy: "Vectric, various controllers", upload: false },
  { extension: ".g", writtenBy: "hand-written programs, some post-processors", upload: false },
  { extension: ".nca", writtenBy: "Haas / Okuma style post-processors", upload: false },
];

/** Every extension read as G-code by the viewer and the analysis (lower case, with the dot). */
export const GCODE_READ_EXTENSIONS: readonly string[] = TABLE.map((entry) => entry.extension);

/** Extensions a post model may have (the spec's rule), lower case, with the dot. */
export const GCODE_UPLOAD_EXTENSIONS: readonly string[] = TABLE.filter((entry) => entry.upload).map(
  (entry) => entry.extension,
);

/** The spec's message when a model's extension is not one of GCODE_UPLOAD_EXTENSIONS. */
export const GCODE_UPLOAD_TYPE_MESSAGE = "Upload a valid model (invalid file type)";

/** The `accept` attribute of a file input that offers every readable G-code file. */
export const GCODE_ACCEPT_ATTRIBUTE = GCODE_READ_EXTENSIONS.join(",");

/** The extension of a file name, lower case with the dot ("" when there is none). */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot).toLowerCase();
}

/** True when the viewer and the analysis read this name as G-code (.gco and .tap included). */
export function isGcodeFileName(fileName: string): boolean {
  return GCODE_READ_EXTENSIONS.includes(fileExtension(fileName));
}

/** True when an author may upload this name as a post model (.gcode, .nc, .ngc). */
export function isUploadableGcodeFileName(fileName: string): boolean {
  return GCODE_UPLOAD_EXTENSIONS.includes(fileExtension(fileName));
}

/** The extensions as a sentence for help texts: ".gcode, .nc, .ngc, ... or .nca". */
export function describeExtensions(extensions: readonly string[]): string {
  if (extensions.length <= 1) return extensions.join("");
  return `${extensions.slice(0, -1).join(", ")} or ${extensions[extensions.length - 1]}`;
}
