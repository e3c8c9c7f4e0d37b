"use client";

import { OrbitControls } from "@react-three/drei";
import { useFrame, useThree } from "@react-three/fiber";
import { useEffect, useMemo, type JSX, type RefObject } from "react";
import {
  Box3,
  Box3Helper,
  BufferAttribute,
  BufferGeometry,
  Color,
  Line,
  MathUtils,
  PerspectiveCamera,
  ShaderMaterial,
  Sphere,
  Vector3,
} from "three";
import type { ParsedModel } from "./messages";

export type ViewName = "top" | "front" | "iso" | "fit";
export type ViewRequest = { view: ViewName; nonce: number };

const DIRECTIONS: Record<Exclude<ViewName, "fit">, Vector3> = {
  // A hair off vertical so the orbit controls keep a defined "up" (+Y on screen).
  top: new Vector3(0, -1e-4, 1).normalize(),
  front: new Vector3(0, -1, 0),
  iso: new Vector3(1, -1, 0.9).normalize(),
};

// Flat shading: each segment takes the colour of its last vertex (the provoking vertex in
// WebGL 2), so one vertex strip carries a different colour per segment with no duplication.
const VERTEX_SHADER = /* glsl */ `
attribute vec3 segColor;
flat varying vec3 vColor;
void main() {
  vColor = segColor;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;
const FRAGMENT_SHADER = /* glsl */ `
flat varying vec3 vColor;
void main() {
  gl_FragColor = vec4(vColor, 1.0);
}`;

type Controls = { target: Vector3; update: () => void };

export function toBox3(model: ParsedModel): Box3 {
  const bounds = model.stats.bounds;
  if (!bounds) return new Box3(new Vector3(), new Vector3());
  return new Box3(new Vector3(...bounds.min), new Vector3(...bounds.max));
}

/** The whole toolpath: one BufferGeometry, one draw call; `drawCount` vertices are drawn. */
function ToolpathLine({ model, drawCount }: { model: ParsedModel; drawCount: number }): JSX.Element {
  const invalidate = useThree((state) => state.invalidate);
  const line = useMemo(() => {
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(model.vertices, 3));
    geometry.setAttribute("segColor", new BufferAttribute(model.colors, 3, true));
    // From the parser's bounds: no pass over millions of vertices on the main thread.
    geometry.boundingBox = toBox3(model);
    geometry.boundingSphere = geometry.boundingBox.getBoundingSphere(new Sphere());
    const material = new ShaderMaterial({ vertexShader: VERTEX_SHADER, fragmentShader: FRAGMENT_SHADER });
    return new Line(geometry, material);
  }, [model]);

  useEffect(
    () => () => {
      line.geometry.dispose();
      (line.material as ShaderMaterial).dispose();
    },
    [line],
  );

  useEffect(() => {
    line.geometry.setDrawRange(0, drawCount);
    invalidate();
  }, [line, drawCount, invalidate]);

  return <primitive object={line} />;
}

function BoundingBox({ box }: { box: Box3 }): JSX.Element {
  const helper = useMemo(() => new Box3Helper(box, new Color("#8a8276")), [box]);
  useEffect(() => () => helper.dispose(), [helper]);
  return <primitive object={helper} />;
}

/**
 * Keeps the HTML labels (box dimensions, origin) over their 3D anchors: each rendered frame
 * projects the anchors and moves the elements directly, with no React render and no extra root.
 */
function LabelTracker({ box, labels }: { box: Box3; labels: RefObject<Array<HTMLElement | null>> }): null {
  const anchors = useMemo(() => {
    const { min, max } = box;
    const mid = box.getCenter(new Vector3());
    return [
      new Vector3(mid.x, min.y, min.z),
      new Vector3(max.x, mid.y, min.z),
      new Vector3(max.x, min.y, mid.z),
      new Vector3(0, 0, 0),
    ];
  }, [box]);
  const projected = useMemo(() => new Vector3(), []);
  useFrame(({ camera, size }) => {
    anchors.forEach((anchor, i) => {
      const element = labels.current[i];
      if (!element) return;
      projected.copy(anchor).project(camera);
      const visible = projected.z < 1 && Math.abs(projected.x) <= 1.05 && Math.abs(projected.y) <= 1.05;
      element.style.visibility = visible ? "visible" : "hidden";
      const x = ((projected.x + 1) / 2) * size.width;
      const y = ((1 - projected.y) / 2) * size.height;
      element.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
    });
  });
  return null;
}

/** Work origin (X0 Y0 Z0 of the program): axes X red, Y green, Z blue and a dot. */
function Origin({ size }: { size: number }): JSX.Element {
  return (
    <group>
      <axesHelper args={[size]} />
      <mesh>
        <sphereGeometry args={[size * 0.08, 16, 12]} />
        <meshBasicMaterial color="#1f1d1a" />
      </mesh>
    </group>
  );
}

/** Marks the tool's position at the end of the drawn part of the path. */
function ToolMarker({
  model,
  drawCount,
  size,
}: {
  model: ParsedModel;
  drawCount: number;
  size: number;
}): JSX.Element {
  const i = Math.max(0, drawCount - 1) * 3;
  const v = model.vertices;
  return (
    <mesh position={[v[i] ?? 0, v[i + 1] ?? 0, v[i + 2] ?? 0]}>
      <sphereGeometry args={[size, 16, 12]} />
      <meshBasicMaterial color="#f59e0b" />
    </mesh>
  );
}

/** Points the camera at the model from the requested direction, framing it whole. */
function CameraRig({ box, request }: { box: Box3; request: ViewRequest }): null {
  const get = useThree((state) => state.get);
  // Subscribed so the first view is applied once the orbit controls exist.
  const hasControls = useThree((state) => state.controls !== null);

  useEffect(() => {
    const { camera, size, invalidate } = get();
    const controls = get().controls as unknown as Controls | null;
    if (!(camera instanceof PerspectiveCamera) || !controls) return;
    const center = box.getCenter(new Vector3());
    const direction =
      request.view === "fit"
        ? camera.position.clone().sub(controls.target).normalize()
        : DIRECTIONS[request.view].clone();
    // Aim first, then move back until every corner of the box is inside the view frustum.
    camera.position.copy(center).add(direction);
    camera.lookAt(center);
    camera.updateMatrixWorld();
    const right = new Vector3();
    const up = new Vector3();
    const back = new Vector3();
    camera.matrixWorld.extractBasis(right, up, back);
    const tanV = Math.tan(MathUtils.degToRad(camera.fov) / 2);
    const tanH = tanV * (size.width / Math.max(size.height, 1));
    const corner = new Vector3();
    let distance = 1e-3;
    for (let i = 0; i < 8; i++) {
      corner.set(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z);
      corner.sub(center);
      const depth = corner.dot(back);
      distance = Math.max(
        distance,
        depth + Math.abs(corner.dot(right)) / tanH,
        depth + Math.abs(corner.dot(up)) / tanV,
      );
    }
    distance *= 1.08;
    camera.position.copy(center).addScaledVector(direction, distance);
    camera.near = distance / 1000;
    camera.far = distance * 100;
    camera.updateProjectionMatrix();
    controls.target.copy(center);
    controls.update();
    invalidate();
  }, [get, hasControls, box, request]);

  return null;
}

export function ToolpathScene({
  model,
  drawCount,
  view,
  labels,
}: {
  model: ParsedModel;
  drawCount: number;
  view: ViewRequest;
  /** Elements for the X, Y, Z dimension labels and the origin label, in that order. */
  labels: RefObject<Array<HTMLElement | null>>;
}): JSX.Element {
  const box = useMemo(() => toBox3(model), [model]);
  const cutBox = useMemo(() => {
    const cut = model.stats.cutBounds;
    return cut ? new Box3(new Vector3(...cut.min), new Vector3(...cut.max)) : box;
  }, [model, box]);
  const extent = Math.max(box.getSize(new Vector3()).length(), 1e-3);
  const totalVertices = model.stats.segmentCount + 1;
  return (
    <>
      <color attach="background" args={["#fbfaf7"]} />
      <ToolpathLine model={model} drawCount={drawCount} />
      <BoundingBox box={cutBox} />
      <LabelTracker box={cutBox} labels={labels} />
      <Origin size={extent * 0.06} />
      {drawCount < totalVertices && drawCount > 0 && (
        <ToolMarker model={model} drawCount={drawCount} size={extent * 0.006} />
      )}
      <OrbitControls makeDefault enableDamping={false} />
      <CameraRig box={box} request={view} />
    </>
  );
}
