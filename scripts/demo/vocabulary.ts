// Repair vocabulary per board family: power rails with their nominal voltages and the parts that
// make or use them (designator, part number). Threads, cases and documents draw from these.
import type { DemoBoard } from "./catalog";

export interface Rail {
  name: string;
  volts: string;
}
export interface Part {
  designator: string;
  partNumber: string;
  role: { es: string; en: string };
}

export const RAILS: Record<DemoBoard["family"], Rail[]> = {
  apple: [
    { name: "PP3V42_G3H", volts: "3.42 V" },
    { name: "PPBUS_G3H", volts: "12.6 V" },
    { name: "PP3V3_S5", volts: "3.3 V" },
    { name: "PP5V_S4", volts: "5 V" },
    { name: "PP1V8_S5", volts: "1.8 V" },
    { name: "PPVCC_S0_CPU", volts: "0.9 V" },
    { name: "PP1V2_S3", volts: "1.2 V" },
  ],
  "intel-laptop": [
    { name: "+3VALW", volts: "3.3 V" },
    { name: "+5VALW", volts: "5 V" },
    { name: "+19VB", volts: "19 V" },
    { name: "+VCC_CORE", volts: "0.9 V" },
    { name: "+1.0V_VCCST", volts: "1.0 V" },
    { name: "+1.2V_DDR", volts: "1.2 V" },
    { name: "+3VS", volts: "3.3 V" },
  ],
  "amd-laptop": [
    { name: "+3VALW", volts: "3.3 V" },
    { name: "+5VALW", volts: "5 V" },
    { name: "+19VB", volts: "19 V" },
    { name: "+VDDCR_CPU", volts: "1.1 V" },
    { name: "+VDDCR_SOC", volts: "0.95 V" },
    { name: "+1.2V_MEM", volts: "1.2 V" },
  ],
};

const role = (es: string, en: string) => ({ es, en });

export const PARTS: Record<DemoBoard["family"], Part[]> = {
  apple: [
    { designator: "U7000", partNumber: "TPS62180", role: role("regulador de PP3V42_G3H", "PP3V42_G3H regulator") },
    { designator: "U7100", partNumber: "ISL6259", role: role("cargador", "charger") },
    { designator: "UC300", partNumber: "CD3215C00", role: role("controlador USB-C PD", "USB-C PD controller") },
    { designator: "U7400", partNumber: "TPS51980A", role: role("fuente de 3V3/5V", "3V3/5V supply") },
    { designator: "U8100", partNumber: "ISL95828", role: role("controlador de vcore", "vcore controller") },
    { designator: "U6100", partNumber: "MX25L6473F", role: role("ROM de EFI", "EFI ROM") },
    { designator: "Q7030", partNumber: "CSD58872Q5D", role: role("MOSFET de PPBUS", "PPBUS MOSFET") },
    { designator: "F7000", partNumber: "0466010", role: role("fusible de entrada", "input fuse") },
  ],
  "intel-laptop": [
    { designator: "PQ4401", partNumber: "ISL95828", role: role("controlador de vcore", "vcore controller") },
    { designator: "PU501", partNumber: "BQ24780S", role: role("cargador", "charger") },
    { designator: "PU301", partNumber: "RT6585", role: role("fuente de 3VALW/5VALW", "3VALW/5VALW supply") },
    { designator: "PU401", partNumber: "TPS51225", role: role("fuente de 3V/5V", "3V/5V supply") },
    { designator: "PQ108", partNumber: "AON7408", role: role("MOSFET de entrada", "input MOSFET") },
    { designator: "U2201", partNumber: "W25Q128JVSQ", role: role("flash SPI de BIOS", "BIOS SPI flash") },
    { designator: "U4201", partNumber: "KB9012QF", role: role("controlador embebido (EC)", "embedded controller (EC)") },
    { designator: "PU701", partNumber: "RT8207", role: role("fuente de DDR", "DDR supply") },
  ],
  "amd-laptop": [
    { designator: "PU1000", partNumber: "RT3662", role: role("controlador de VDDCR", "VDDCR controller") },
    { designator: "PU501", partNumber: "BQ24780S", role: role("cargador", "charger") },
    { designator: "PU301", partNumber: "RT6585", role: role("fuente de 3VALW/5VALW", "3VALW/5VALW supply") },
    { designator: "U2201", partNumber: "W25Q64JVSS", role: role("flash SPI de BIOS", "BIOS SPI flash") },
    { designator: "U4201", partNumber: "IT8987E", role: role("controlador embebido (EC)", "embedded controller (EC)") },
    { designator: "PQ108", partNumber: "AON7408", role: role("MOSFET de entrada", "input MOSFET") },
  ],
};

/** Datasheets the library carries (by part number). */
export const DATASHEET_PARTS = [
  "TPS62180",
  "ISL95828",
  "BQ24780S",
  "CD3215C00",
  "TPS51980A",
  "RT6585",
  "TPS51225",
  "KB9012QF",
  "W25Q128JVSQ",
  "ISL6259",
];
