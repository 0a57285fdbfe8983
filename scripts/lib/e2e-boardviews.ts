// The ids of the boards scripts/e2e-seed-boardviews.ts imports, which test/e2e/boardview.e2e.ts opens.
export const E2E_BOARDVIEWS = {
  small: "01JV3B0ARD7000000000000001",
  large: "01JV3B0ARD5000000000000002",
  /** Not a boardview: the small board's known-good values (OpenBoardData). */
  values: "01JV3B0ARDREFVA1VES0000003",
} as const;
