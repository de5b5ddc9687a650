export {
  DEFAULT_OCR_ENGINE,
  OCR_ENGINES,
  type OcrEngine,
  type OcrEngineName,
  poorReading,
  readOriented,
} from './engine.js';
export { installedLanguages, type LanguageData, languageData, tesseractCode } from './languages.js';
export { MODELS_PACKAGE, paddleModels, RUNTIME_PACKAGE } from './paddle/models.js';
export { PaddlePool, type PaddlePoolOptions } from './paddle/pool.js';
export {
  closeSharedOcrPool,
  defaultOcrEngine,
  defaultPoolSize,
  type OcrPage,
  OcrPool,
  type OcrPoolOptions,
  type OcrWord,
  type RecognizeOptions,
  type SharedPoolOptions,
  sharedOcrPool,
  type TurnedImage,
} from './pool.js';
