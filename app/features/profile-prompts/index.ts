export { PromptAnswers } from './prompt-answers.tsx'
export { PromptEditor } from './prompt-editor.tsx'
