export { installedLanguages, type LanguageData, languageData, tesseractCode } from './languages.js';
export {
  closeSharedOcrPool,
  type OcrPage,
  OcrPool,
  type OcrPoolOptions,
  type OcrWord,
  sharedOcrPool,
} from './pool.js';
