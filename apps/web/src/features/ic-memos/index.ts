/** What other features may use of the ic-memos feature; everything else in it is its own. */

export { PrepareIcMaterials } from './components/prepare-ic-materials.tsx';
export { ViewIcMaterials } from './components/view-ic-materials.tsx';
