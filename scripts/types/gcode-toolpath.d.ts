// gcode-toolpath ships no types; the benchmark only needs its constructor and loadFromStringSync.
declare module "gcode-toolpath" {
  interface ToolpathOptions {
    addLine?: () => void;
    addArcCurve?: () => void;
  }
  export default class Toolpath {
    constructor(options: ToolpathOptions);
    loadFromStringSync(text: string): unknown;
  }
}
