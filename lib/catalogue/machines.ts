/**
 * The CNC machine catalogue: brands, models and variants with their work areas.
 *
 * Copied from the research in /work/shared/data/cnc-catalogue.{md,json} (every row, figures
 * unchanged; the JSON is not read at run time because it lives outside the app). One name differs:
 * the research describes the Apprentice's variant as the "current entry model"; here it is named by
 * its size, as the research names the model, so "Apprentice 16.5 × 16.5"" reads as a machine. "Work area" is the
 * travel of the spindle centre, i.e. the box a toolpath's tool-centre extent must fit in. `confirmed`
 * is true only where the figure was read at a source the manufacturer controls; `evidence` says what
 * an unconfirmed figure rests on. Machines of other makers are grouped under the brand "Others" (the
 * spec's Machine value), each model naming its real manufacturer.
 *
 * Links: product and support pages cited in the research notes; none was opened from here, so treat
 * them as unverified. Variants without a page of their own link to their model's page.
 */
import { MM_PER_INCH } from "@/lib/utils/units";
import type { Machine } from "./enums";

export const CATALOGUE_EVIDENCE = ["primary", "quoted-official", "third-party", "nominal"] as const;
export type CatalogueEvidence = (typeof CATALOGUE_EVIDENCE)[number];

export interface CncVariantSpec {
  readonly name: string;
  readonly link: string;
  readonly workAreaXmm: number;
  readonly workAreaYmm: number;
  /** null where no Z travel figure was found (Avid PRO4824). */
  readonly travelZmm: number | null;
  readonly controller: string;
  readonly confirmed: boolean;
  readonly evidence: CatalogueEvidence;
  /** Where the figure comes from (one URL, or several separated by " ; "). */
  readonly source: string;
}

export interface CncModelSpec {
  readonly name: string;
  /** The real maker; equals the brand name except under "Others". */
  readonly manufacturer: string;
  readonly link: string;
  readonly variants: readonly CncVariantSpec[];
}

export interface CncBrandSpec {
  readonly name: string;
  readonly machine: Machine;
  readonly link: string | null;
  readonly models: readonly CncModelSpec[];
}

export const CNC_BRANDS = [
  {
    name: "Onefinity",
    machine: "Onefinity CNC",
    link: "https://www.onefinitycnc.com",
    models: [
      {
        name: "Machinist",
        manufacturer: "Onefinity",
        link: "https://www.onefinitycnc.com/build-your-machine",
        variants: [
          {
            name: "Original series, X-35 rails, Z-16 slider",
            link: "https://www.onefinitycnc.com/support",
            workAreaXmm: 410,
            workAreaYmm: 410,
            travelZmm: 133,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_machinist_x35_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
          {
            name: "Original series, X-35 rails, Z-20 Heavy Duty slider (upgrade)",
            link: "https://www.onefinitycnc.com/support",
            workAreaXmm: 410,
            workAreaYmm: 410,
            travelZmm: 160,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_machinist_x35_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
        ],
      },
      {
        name: "Woodworker",
        manufacturer: "Onefinity",
        link: "https://www.onefinitycnc.com/build-your-machine",
        variants: [
          {
            name: "Original series, X-35 rails, Z-16 slider",
            link: "https://www.onefinitycnc.com/product-page/woodworker-x-35",
            workAreaXmm: 816,
            workAreaYmm: 816,
            travelZmm: 133,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_woodworker_x35_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
          {
            name: "Original series, X-35 rails, Z-20 Heavy Duty slider (upgrade)",
            link: "https://www.onefinitycnc.com/product-page/woodworker-x-35",
            workAreaXmm: 816,
            workAreaYmm: 816,
            travelZmm: 160,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_woodworker_x35_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
          {
            name: "PRO series (Gen 1), X-50 rails, Z-16 slider",
            link: "https://www.onefinitycnc.com/support",
            workAreaXmm: 816,
            workAreaYmm: 816,
            travelZmm: 133,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_woodworker_x50_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
          {
            name: "PRO series (Gen 1), X-50 rails, Z-20 Heavy Duty slider",
            link: "https://www.onefinitycnc.com/support",
            workAreaXmm: 816,
            workAreaYmm: 816,
            travelZmm: 160,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_woodworker_x50_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
        ],
      },
      {
        name: "Journeyman",
        manufacturer: "Onefinity",
        link: "https://www.onefinitycnc.com/build-your-machine",
        variants: [
          {
            name: "PRO series (Gen 1), X-50 rails, Z-16 slider",
            link: "https://www.onefinitycnc.com/support",
            workAreaXmm: 1220,
            workAreaYmm: 816,
            travelZmm: 133,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_journeyman_x50_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
          {
            name: "PRO series (Gen 1), X-50 rails, Z-20 Heavy Duty slider",
            link: "https://www.onefinitycnc.com/support",
            workAreaXmm: 1220,
            workAreaYmm: 816,
            travelZmm: 160,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_journeyman_x50_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
        ],
      },
      {
        name: "Foreman",
        manufacturer: "Onefinity",
        link: "https://www.onefinitycnc.com/build-your-machine",
        variants: [
          {
            name: "PRO series (Gen 1) 'Foreman Pro', Z-16 slider",
            link: "https://www.onefinitycnc.com/support",
            workAreaXmm: 1220,
            workAreaYmm: 1225,
            travelZmm: 133,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_foreman_pro_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
          {
            name: "PRO series (Gen 1) 'Foreman Pro', Z-20 Heavy Duty slider",
            link: "https://www.onefinitycnc.com/support",
            workAreaXmm: 1220,
            workAreaYmm: 1225,
            travelZmm: 160,
            controller: "Onefinity controller (Buildbotics-based 'BB' controller)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_foreman_pro_defaults.json ; https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/js/admin-general-view.js",
          },
        ],
      },
      {
        name: "Elite Woodworker",
        manufacturer: "Onefinity",
        link: "https://www.onefinitycnc.com/product-page/gen2eliteseries",
        variants: [
          {
            name: "Elite series Gen 1 (MASSO G3 Touch, closed-loop steppers)",
            link: "https://www.onefinitycnc.com/post/gen-1-elite-series-vs-gen-2-elite-series-which-onefinity-cnc-is-right-for-you",
            workAreaXmm: 812.8,
            workAreaYmm: 812.8,
            travelZmm: 160,
            controller: "MASSO G3 Touch",
            confirmed: false,
            evidence: "nominal",
            source:
              "https://forum.onefinitycnc.com/t/is-there-an-upgrade-or-trade-in-path-for-current-machines-to-the-elite-series-official-thread-outdated/16803?page=3 ; https://github.com/kirberich/onefinity-linuxcnc-config/blob/15d10648d7c5100bab32545a28b89d96169518ef/onefinity.ini",
          },
          {
            name: "Elite series Gen 2 (Redline)",
            link: "https://www.onefinitycnc.com/product-page/gen2eliteseries",
            workAreaXmm: 838,
            workAreaYmm: 838,
            travelZmm: 178,
            controller: "Onefinity Redline HMI + RealTime Motion Controller",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://www.onefinitycnc.com/product-page/gen2eliteseries (as quoted in https://github.com/SlyWombat/CaseMaker/blob/e00f2ea363fce50562db35c8471f6cb601955479/docs/market-research/FEATURE-MATRIX.md)",
          },
        ],
      },
      {
        name: "Elite Journeyman",
        manufacturer: "Onefinity",
        link: "https://www.onefinitycnc.com/product-page/gen2eliteseries",
        variants: [
          {
            name: "Elite series Gen 1 (MASSO G3 Touch, closed-loop steppers)",
            link: "https://www.onefinitycnc.com/post/gen-1-elite-series-vs-gen-2-elite-series-which-onefinity-cnc-is-right-for-you",
            workAreaXmm: 1219.2,
            workAreaYmm: 812.8,
            travelZmm: 160,
            controller: "MASSO G3 Touch",
            confirmed: false,
            evidence: "nominal",
            source:
              "https://forum.onefinitycnc.com/t/is-there-an-upgrade-or-trade-in-path-for-current-machines-to-the-elite-series-official-thread-outdated/16803?page=3 ; https://github.com/kirberich/onefinity-linuxcnc-config/blob/15d10648d7c5100bab32545a28b89d96169518ef/onefinity.ini",
          },
          {
            name: "Elite series Gen 2 (Redline)",
            link: "https://www.onefinitycnc.com/product-page/gen2eliteseries",
            workAreaXmm: 1245,
            workAreaYmm: 838,
            travelZmm: 178,
            controller: "Onefinity Redline HMI + RealTime Motion Controller",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://www.onefinitycnc.com/product-page/gen2eliteseries (as quoted in https://github.com/SlyWombat/CaseMaker/blob/e00f2ea363fce50562db35c8471f6cb601955479/docs/market-research/FEATURE-MATRIX.md)",
          },
        ],
      },
      {
        name: "Elite Foreman",
        manufacturer: "Onefinity",
        link: "https://www.onefinitycnc.com/product-page/gen2eliteseries",
        variants: [
          {
            name: "Elite series Gen 1 (MASSO G3 Touch, closed-loop steppers)",
            link: "https://www.onefinitycnc.com/product-page/elite-series-foreman",
            workAreaXmm: 1220,
            workAreaYmm: 1226,
            travelZmm: 160,
            controller: "MASSO G3 Touch",
            confirmed: false,
            evidence: "third-party",
            source:
              "https://github.com/kirberich/onefinity-linuxcnc-config/blob/15d10648d7c5100bab32545a28b89d96169518ef/onefinity.ini",
          },
          {
            name: "Elite series Gen 2 (Redline)",
            link: "https://www.onefinitycnc.com/product-page/gen2eliteseries",
            workAreaXmm: 1245,
            workAreaYmm: 1249,
            travelZmm: 178,
            controller: "Onefinity Redline HMI + RealTime Motion Controller",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://www.onefinitycnc.com/product-page/gen2eliteseries (as quoted in https://github.com/SlyWombat/CaseMaker/blob/e00f2ea363fce50562db35c8471f6cb601955479/docs/market-research/FEATURE-MATRIX.md)",
          },
        ],
      },
      {
        name: "Apprentice",
        manufacturer: "Onefinity",
        link: "https://www.onefinitycnc.com/build-your-machine",
        variants: [
          {
            name: '16.5 × 16.5"',
            link: "https://www.onefinitycnc.com/build-your-machine",
            workAreaXmm: 419,
            workAreaYmm: 419,
            travelZmm: 133,
            controller: "unconfirmed",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://www.onefinitycnc.com/build-your-machine (as quoted in https://github.com/SlyWombat/CaseMaker/blob/e00f2ea363fce50562db35c8471f6cb601955479/docs/market-research/FEATURE-MATRIX.md)",
          },
        ],
      },
    ],
  },
  {
    name: "Others",
    machine: "Others",
    link: null,
    models: [
      {
        name: "Shapeoko 5 Pro",
        manufacturer: "Carbide 3D",
        link: "https://carbide3d.com/shapeoko/shapeoko5pro-specs/",
        variants: [
          {
            name: "4x4",
            link: "https://carbide3d.com/shapeoko/shapeoko5pro-specs/",
            workAreaXmm: 1237,
            workAreaYmm: 1237,
            travelZmm: 155,
            controller: "Carbide 3D controller running GRBL (Carbide Motion)",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://carbide3d.com/shapeoko/shapeoko5pro-specs/ (quoted 'Machine Travel' / 'Total Z Travel' in third-party code; page not read here)",
          },
          {
            name: "4x2",
            link: "https://carbide3d.com/shapeoko/shapeoko5pro-specs/",
            workAreaXmm: 1237,
            workAreaYmm: 623,
            travelZmm: 155,
            controller: "Carbide 3D controller running GRBL (Carbide Motion)",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://carbide3d.com/shapeoko/shapeoko5pro-specs/ (quoted 'Machine Travel' / 'Total Z Travel' in third-party code; page not read here)",
          },
          {
            name: "2x2",
            link: "https://carbide3d.com/shapeoko/shapeoko5pro-specs/",
            workAreaXmm: 623,
            workAreaYmm: 623,
            travelZmm: 155,
            controller: "Carbide 3D controller running GRBL (Carbide Motion)",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://carbide3d.com/shapeoko/shapeoko5pro-specs/ (quoted 'Machine Travel' / 'Total Z Travel' in third-party code; page not read here)",
          },
        ],
      },
      {
        name: "Shapeoko 4",
        manufacturer: "Carbide 3D",
        link: "https://shop.carbide3d.com/products/shapeoko4",
        variants: [
          {
            name: "Standard",
            link: "https://shop.carbide3d.com/products/shapeoko4",
            workAreaXmm: 444.5,
            workAreaYmm: 444.5,
            travelZmm: 101.6,
            controller: "GRBL 1.1 (Carbide Motion)",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://shop.carbide3d.com/products/shapeoko4 (quoted 'Cutting Area' in third-party code; page not read here)",
          },
          {
            name: "XL",
            link: "https://shop.carbide3d.com/products/shapeoko4",
            workAreaXmm: 838.2,
            workAreaYmm: 444.5,
            travelZmm: 101.6,
            controller: "GRBL 1.1 (Carbide Motion)",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://shop.carbide3d.com/products/shapeoko4 (quoted 'Cutting Area' in third-party code; page not read here)",
          },
          {
            name: "XXL",
            link: "https://shop.carbide3d.com/products/shapeoko4",
            workAreaXmm: 838.2,
            workAreaYmm: 838.2,
            travelZmm: 101.6,
            controller: "GRBL 1.1 (Carbide Motion)",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://shop.carbide3d.com/products/shapeoko4 (quoted 'Cutting Area' in third-party code; page not read here)",
          },
        ],
      },
      {
        name: "X-Carve Pro",
        manufacturer: "Inventables",
        link: "https://www.inventables.com/pages/x-carve-pro-cnc-machine",
        variants: [
          {
            name: "4x4",
            link: "https://www.inventables.com/products/x-carve-pro-4x4-cnc-machine",
            workAreaXmm: 1219.2,
            workAreaYmm: 1219.2,
            travelZmm: 130,
            controller: "X-Carve Pro controller, Grbl 1.1h fork (grbl-xcp, ATmega2560); Easel",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/inventables/grbl-xcp/blob/acbb1d2847a19f213c2c6c7ac45ef5eddf8af615/grbl/defaults.h",
          },
          {
            name: "4x2",
            link: "https://www.inventables.com/pages/x-carve-pro-cnc-machine",
            workAreaXmm: 1219.2,
            workAreaYmm: 609.6,
            travelZmm: 130,
            controller: "X-Carve Pro controller, Grbl 1.1h fork (grbl-xcp); Easel",
            confirmed: false,
            evidence: "quoted-official",
            source:
              "https://www.inventables.com/pages/x-carve-pro-cnc-machine (as quoted in https://github.com/SlyWombat/CaseMaker/blob/e00f2ea363fce50562db35c8471f6cb601955479/docs/market-research/FEATURE-MATRIX.md)",
          },
        ],
      },
      {
        name: "PRO4848",
        manufacturer: "Avid CNC",
        link: "https://www.avidcnc.com/",
        variants: [
          {
            name: "4' x 4' router",
            link: "https://www.avidcnc.com/",
            workAreaXmm: 1260,
            workAreaYmm: 1260,
            travelZmm: 203,
            controller: "Centroid CNC12 (current EX controls) or Mach4 (legacy Plug & Play)",
            confirmed: false,
            evidence: "third-party",
            source: "https://www.avidcnc.com/ (figures from third-party notes; Avid pages not read here)",
          },
        ],
      },
      {
        name: "PRO4896",
        manufacturer: "Avid CNC",
        link: "https://www.avidcnc.com/pro4896-4-x-8-cnc-router-machine-p-1337.html",
        variants: [
          {
            name: "4' x 8' router",
            link: "https://www.avidcnc.com/pro4896-4-x-8-cnc-router-machine-p-1337.html",
            workAreaXmm: 1219.2,
            workAreaYmm: 2438.4,
            travelZmm: 203.2,
            controller: "Centroid CNC12 (current EX controls) or Mach4 (legacy Plug & Play)",
            confirmed: false,
            evidence: "nominal",
            source:
              "https://www.avidcnc.com/pro4896-4-x-8-cnc-router-machine-p-1337.html (URL seen cited; page not read)",
          },
        ],
      },
      {
        name: "PRO4824",
        manufacturer: "Avid CNC",
        link: "https://www.avidcnc.com/pro4824-4-x-2-cnc-router-machine-p-1334.html",
        variants: [
          {
            name: "4' x 2' router",
            link: "https://www.avidcnc.com/pro4824-4-x-2-cnc-router-machine-p-1334.html",
            workAreaXmm: 1219.2,
            workAreaYmm: 609.6,
            travelZmm: null,
            controller: "Centroid CNC12 (current EX controls) or Mach4 (legacy Plug & Play)",
            confirmed: false,
            evidence: "nominal",
            source:
              "https://www.avidcnc.com/pro4824-4-x-2-cnc-router-machine-p-1334.html (URL seen cited; page not read)",
          },
        ],
      },
      {
        name: "LongMill MK2",
        manufacturer: "Sienci Labs",
        link: "https://sienci.com/",
        variants: [
          {
            name: "30x30",
            link: "https://sienci.com/",
            workAreaXmm: 792,
            workAreaYmm: 845,
            travelZmm: 114.3,
            controller: "LongMill controller (GRBL; gSender)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/Sienci-Labs/gsender/blob/ee24e8c6a2e4a670f56685a7a76c13bb09a8b206/src/app/src/features/Config/assets/MachineDefaults/defaultMachineProfiles.ts ; https://github.com/Sienci-Labs/gsender/blob/ee24e8c6a2e4a670f56685a7a76c13bb09a8b206/src/app/src/features/Config/assets/MachineDefaults/grbl/longmill.js",
          },
          {
            name: "12x30",
            link: "https://sienci.com/",
            workAreaXmm: 792,
            workAreaYmm: 345,
            travelZmm: 114.3,
            controller: "LongMill controller (GRBL; gSender)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/Sienci-Labs/gsender/blob/ee24e8c6a2e4a670f56685a7a76c13bb09a8b206/src/app/src/features/Config/assets/MachineDefaults/defaultMachineProfiles.ts ; https://github.com/Sienci-Labs/gsender/blob/ee24e8c6a2e4a670f56685a7a76c13bb09a8b206/src/app/src/features/Config/assets/MachineDefaults/grbl/longmill.js",
          },
          {
            name: "48x30",
            link: "https://sienci.com/",
            workAreaXmm: 1279.9,
            workAreaYmm: 845,
            travelZmm: 114.3,
            controller: "LongMill controller (GRBL; gSender)",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/Sienci-Labs/gsender/blob/ee24e8c6a2e4a670f56685a7a76c13bb09a8b206/src/app/src/features/Config/assets/MachineDefaults/defaultMachineProfiles.ts ; https://github.com/Sienci-Labs/gsender/blob/ee24e8c6a2e4a670f56685a7a76c13bb09a8b206/src/app/src/features/Config/assets/MachineDefaults/grbl/longmill.js",
          },
        ],
      },
      {
        name: "Carvera",
        manufacturer: "Makera",
        link: "https://www.makera.com/",
        variants: [
          {
            name: "desktop CNC with ATC",
            link: "https://www.makera.com/",
            workAreaXmm: 340,
            workAreaYmm: 240,
            travelZmm: 135,
            controller: "Carvera firmware (Smoothieware branch) + Carvera Controller",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/MakeraInc/CarveraFirmware/blob/9acba62e5062c0e42214272e9987c36cb1d6e179/src/config.default",
          },
        ],
      },
      {
        name: "Carvera Air",
        manufacturer: "Makera",
        link: "https://www.makera.com/",
        variants: [
          {
            name: "desktop CNC",
            link: "https://www.makera.com/",
            workAreaXmm: 300,
            workAreaYmm: 200,
            travelZmm: 121,
            controller: "Carvera firmware (Smoothieware branch) + Carvera Controller",
            confirmed: true,
            evidence: "primary",
            source:
              "https://github.com/MakeraInc/CarveraFirmware/blob/9acba62e5062c0e42214272e9987c36cb1d6e179/src/config2.default",
          },
        ],
      },
    ],
  },
] as const satisfies readonly CncBrandSpec[];

type BrandEntry = (typeof CNC_BRANDS)[number];
type RefsOf<B> = B extends { name: infer BrandName; models: readonly (infer M)[] }
  ? M extends { name: infer ModelName; variants: readonly (infer V)[] }
    ? V extends { name: infer VariantName }
      ? { readonly brand: BrandName; readonly model: ModelName; readonly variant: VariantName }
      : never
    : never
  : never;

/** A variant named by brand, model and variant names; only combinations in the catalogue type-check. */
export type MachineRef = RefsOf<BrandEntry>;
export type BrandName = BrandEntry["name"];

/** The same shape with plain strings, for values read from outside (database rows, requests). */
export interface MachineRefLike {
  readonly brand: string;
  readonly model: string;
  readonly variant: string;
}

/** One variant with its model and brand, the shape of the spec's CNC variant (brandName, modelLink, …). */
export interface CatalogueVariant extends CncVariantSpec {
  readonly brandName: string;
  readonly brandLink: string | null;
  readonly machine: Machine;
  readonly modelName: string;
  readonly modelLink: string;
  readonly manufacturer: string;
  readonly variantLink: string;
}

export const CATALOGUE_VARIANTS: readonly CatalogueVariant[] = CNC_BRANDS.flatMap((brand: CncBrandSpec) =>
  brand.models.flatMap((model) =>
    model.variants.map((variant): CatalogueVariant => ({
      ...variant,
      brandName: brand.name,
      brandLink: brand.link,
      machine: brand.machine,
      modelName: model.name,
      modelLink: model.link,
      manufacturer: model.manufacturer,
      variantLink: variant.link,
    })),
  ),
);

export function machineRefKey(ref: MachineRefLike): string {
  return `${ref.brand} / ${ref.model} / ${ref.variant}`;
}

export function catalogueVariantRef(variant: CatalogueVariant): MachineRefLike {
  return { brand: variant.brandName, model: variant.modelName, variant: variant.name };
}

export function findCatalogueVariant(ref: MachineRefLike): CatalogueVariant | undefined {
  return CATALOGUE_VARIANTS.find(
    (variant) =>
      variant.brandName === ref.brand && variant.modelName === ref.model && variant.name === ref.variant,
  );
}

/** Like findCatalogueVariant, for references known at compile time. */
export function getCatalogueVariant(ref: MachineRef): CatalogueVariant {
  const variant = findCatalogueVariant(ref);
  if (!variant) throw new Error(`Unknown machine: ${machineRefKey(ref)}`);
  return variant;
}

export function machineRef<R extends MachineRef>(ref: R): R {
  return ref;
}

/**
 * Rapid (maximum X/Y) rates by controller, where a primary source gives one. The Onefinity "BB"
 * controller's shipped defaults set every X and Y motor's `max-velocity` to 10 m/min (Z: 3 m/min):
 * onefinity-firmware src/resources/onefinity_defaults.json at 44b85ba, the same files the
 * catalogue's Onefinity work areas come from; the per-machine defaults files leave it unchanged.
 * Other controllers ship machine-specific settings we have no primary figure for: their run time
 * is estimated at the analysis' assumed rate (lib/gcode/run-time.ts) and labelled as assumed.
 */
export const CONTROLLER_RAPID_RATES: ReadonlyMap<string, { rapidMmPerMin: number; source: string }> = new Map(
  [
    [
      "Onefinity controller (Buildbotics-based 'BB' controller)",
      {
        rapidMmPerMin: 10_000,
        source:
          "https://github.com/OneFinityCNC/onefinity-firmware/blob/44b85bad5a3e71bb377d20fc4f0040a35d488f2e/src/resources/onefinity_defaults.json",
      },
    ],
  ],
);

/** A variant's rapid rate in mm/min from its controller, or null when no source gives one. */
export function controllerRapidMmPerMin(controller: string | null): number | null {
  return controller ? (CONTROLLER_RAPID_RATES.get(controller)?.rapidMmPerMin ?? null) : null;
}

export function toMillimetres(value: number, units: "Inches" | "MM"): number {
  return units === "Inches" ? value * MM_PER_INCH : value;
}

/** Whether a flat job of the given size (mm) fits the variant's work area, in either orientation. */
export function variantFitsJob(variant: CncVariantSpec, widthMm: number, heightMm: number): boolean {
  const { workAreaXmm: x, workAreaYmm: y } = variant;
  return (widthMm <= x && heightMm <= y) || (widthMm <= y && heightMm <= x);
}
