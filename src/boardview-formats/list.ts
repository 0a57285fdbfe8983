// The boardview formats the service reads: one line per format, its module. The reading order (each module's
// `order`), GET /capabilities' catalogue, the upload extensions and the OpenAPI descriptions derive from here.
export { TEST_LINK } from "./test-link";
export { BRD2 } from "./text-formats/brd2";
export { BVR } from "./text-formats/bvr";
export { GENCAD } from "./gencad";
export { BDV } from "./bdv";
export { ASC } from "./text-formats/asc";
export { TVW } from "./binary/tvw";
export { XZZ } from "./binary/xzz";
export { CST } from "./binary/cst";
export { FZ_AND_CAE } from "./binary/fz";
