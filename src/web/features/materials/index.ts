// Materials' public face (docs/decisions/038-materials.md): the class dialog's tab, what a lesson
// shows of its materials and the class's query that feeds it. The Library page is lazy-loaded by
// the router from its own file.
export { useClassMaterials } from './api.ts';
export { ClassMaterialsTab, type LessonChoice } from './class-materials-tab.tsx';
export { LessonMaterials } from './lesson-materials.tsx';
