export { installedLanguages, type LanguageData, languageData, tesseractCode } from './languages.js';
export {
  closeSharedOcrPool,
  defaultPoolSize,
  type OcrPage,
  OcrPool,
  type OcrPoolOptions,
  type OcrWord,
  poorReading,
  type RecognizeOptions,
  sharedOcrPool,
  type TurnedImage,
} from './pool.js';
