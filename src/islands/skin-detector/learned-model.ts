/**
 * The learned second opinion: NSFWJS's MobileNetV2 model, whose weights
 * ship inside the npm package as JavaScript modules, on TensorFlow.js.
 * The island imports this module only when the user asks for it, so
 * TensorFlow.js and the ~3.5 MB model are separate chunks fetched from this
 * site then, and nothing is downloaded from anywhere else.
 *
 * `nsfwjs/core` with only the MobileNetV2 definition is what
 * `nsfwjs.load('MobileNetV2')` does, minus the package's other two models
 * (≈ 35 MB), which the site would otherwise have to build and host.
 */
import { enableProdMode, getBackend } from '@tensorflow/tfjs';
import { load, type NSFWJS } from 'nsfwjs/core';
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import { NSFW_CLASS_NAMES, type ClassScores } from '../../lib/skin/model-classes';

enableProdMode();

/** The TensorFlow.js backend in use ('webgl', or 'cpu' where WebGL is missing), for the timings. */
export const backendName = (): string => getBackend();

let model: Promise<NSFWJS> | undefined;

/** Loads the model once; a failed load may be retried. */
export function loadModel(): Promise<NSFWJS> {
  model ??= load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] }).catch((error: unknown) => {
    model = undefined;
    throw error;
  });
  return model;
}

/** Class probabilities for an image (the analysed copy; the model resizes it to 224 × 224). */
export async function classify(loaded: NSFWJS, image: ImageData): Promise<ClassScores> {
  const predictions = await loaded.classify(image, NSFW_CLASS_NAMES.length);
  const scores = Object.fromEntries(NSFW_CLASS_NAMES.map((name) => [name, 0])) as ClassScores;
  for (const { className, probability } of predictions) scores[className] = probability;
  return scores;
}
