// Blog topics: each becomes one post in Spanish and one in English (separate posts, as the
// community writes them), with tags, a Markdown body and reader comments.
import type { Random } from "./prng";

interface Topic {
  es: { title: string; excerpt: string; tags: string[]; sections: [string, string][] };
  en: { title: string; excerpt: string; tags: string[]; sections: [string, string][] };
}

export const TOPICS: Topic[] = [
  {
    es: {
      title: "Cómo encontrar un corto a masa con inyección de tensión",
      excerpt: "Fuente de laboratorio, cámara térmica y paciencia: el método paso a paso.",
      tags: ["diagnóstico", "cortos", "herramientas"],
      sections: [
        [
          "Qué necesitas",
          "Una fuente de laboratorio con límite de corriente, una cámara térmica o alcohol isopropílico, y el esquemático de la placa.",
        ],
        [
          "El método",
          "1. Mide la resistencia a masa del riel.\n2. Inyecta 1 V limitando a 2–3 A.\n3. Busca el componente que calienta.\n\nNunca superes la tensión nominal del riel.",
        ],
      ],
    },
    en: {
      title: "Finding a short to ground with voltage injection",
      excerpt: "Bench supply, thermal camera and patience: the method step by step.",
      tags: ["diagnosis", "shorts", "tools"],
      sections: [
        ["What you need", "A bench supply with current limit, a thermal camera or isopropyl alcohol, and the board schematic."],
        [
          "The method",
          "1. Measure the rail's resistance to ground.\n2. Inject 1 V limited to 2–3 A.\n3. Find the part that heats up.\n\nNever exceed the rail's nominal voltage.",
        ],
      ],
    },
  },
  {
    es: {
      title: "PP3V42_G3H: el primer riel que hay que mirar en un MacBook",
      excerpt: "Si no hay PP3V42_G3H no hay nada: SMC, arranque y carga dependen de él.",
      tags: ["macbook", "diagnóstico", "alimentación"],
      sections: [
        ["Por qué es el primero", "PP3V42_G3H alimenta el SMC siempre que hay batería o cargador. Sin él, la placa no negocia la carga."],
        ["Qué mirar", "U7000 (TPS62180) en muchas placas 820-xxxxx. Mide su entrada desde PPBUS_G3H y su salida."],
      ],
    },
    en: {
      title: "PP3V42_G3H: the first rail to check on a MacBook",
      excerpt: "No PP3V42_G3H means nothing else: SMC, boot and charging depend on it.",
      tags: ["macbook", "diagnosis", "power"],
      sections: [
        [
          "Why it comes first",
          "PP3V42_G3H powers the SMC whenever a battery or charger is present. Without it, the board will not negotiate charging.",
        ],
        ["What to check", "U7000 (TPS62180) on many 820-xxxxx boards. Measure its input from PPBUS_G3H and its output."],
      ],
    },
  },
  {
    es: {
      title: "Reprogramar una BIOS con CH341A sin perder el serial",
      excerpt: "Lee dos veces, compara, conserva la región de datos y solo entonces escribe.",
      tags: ["bios", "firmware", "programadores"],
      sections: [
        ["Antes de escribir", "Lee el chip dos veces y compara los hashes. Guarda siempre el dump original."],
        [
          "Serial y ME",
          "Copia la región de datos del dump original al limpio. En placas Intel, limpia la ME region si el equipo reinicia cada 30 minutos.\n\n```\nflashrom -p ch341a_spi -r original.bin\nflashrom -p ch341a_spi -w limpio.bin\n```",
        ],
      ],
    },
    en: {
      title: "Reflashing a BIOS with a CH341A without losing the serial",
      excerpt: "Read twice, compare, keep the data region, and only then write.",
      tags: ["bios", "firmware", "programmers"],
      sections: [
        ["Before writing", "Read the chip twice and compare hashes. Always keep the original dump."],
        [
          "Serial and ME",
          "Copy the data region from the original dump into the clean one. On Intel boards, clean the ME region if the machine restarts every 30 minutes.\n\n```\nflashrom -p ch341a_spi -r original.bin\nflashrom -p ch341a_spi -w clean.bin\n```",
        ],
      ],
    },
  },
  {
    es: {
      title: "Daños por líquido: qué hacer en las primeras horas",
      excerpt: "Desconecta la batería, no lo enciendas, y limpia cuanto antes.",
      tags: ["líquido", "corrosión", "limpieza"],
      sections: [
        ["Lo urgente", "Desconecta la batería. Cada minuto con tensión hace crecer la corrosión."],
        [
          "La limpieza",
          "Baño de ultrasonidos con limpiador específico, aclarado con isopropílico y secado a 60 °C. Revisa bajo el microscopio las zonas de USB-C y cargador.",
        ],
      ],
    },
    en: {
      title: "Liquid damage: what to do in the first hours",
      excerpt: "Disconnect the battery, do not power it on, clean it as soon as possible.",
      tags: ["liquid damage", "corrosion", "cleaning"],
      sections: [
        ["Urgent", "Disconnect the battery. Every minute under power grows the corrosion."],
        [
          "Cleaning",
          "Ultrasonic bath with a proper cleaner, rinse with isopropyl, dry at 60 °C. Inspect the USB-C and charger areas under the microscope.",
        ],
      ],
    },
  },
  {
    es: {
      title: "El vcore de la CPU en ThinkPad: ISL95828 paso a paso",
      excerpt: "Enable, VR_ON, PWM y las fases: cómo seguir el controlador PQ4401.",
      tags: ["thinkpad", "vcore", "diagnóstico"],
      sections: [
        ["Condiciones de arranque", "El controlador necesita +5VALW, VR_ON del PCH y la referencia. Sin VR_ON no hay vcore."],
        ["Las fases", "Mide la salida de cada fase con el osciloscopio. Una fase muerta suele ser un MOSFET en corto."],
      ],
    },
    en: {
      title: "CPU vcore on ThinkPads: the ISL95828 step by step",
      excerpt: "Enable, VR_ON, PWM and phases: following the PQ4401 controller.",
      tags: ["thinkpad", "vcore", "diagnosis"],
      sections: [
        ["Start conditions", "The controller needs +5VALW, VR_ON from the PCH and its reference. No VR_ON, no vcore."],
        ["Phases", "Scope each phase output. A dead phase is usually a shorted MOSFET."],
      ],
    },
  },
  {
    es: {
      title: "Microscopio para microsoldadura: qué comprar con poco presupuesto",
      excerpt: "Trinocular o digital, distancia de trabajo y luz: lo que importa.",
      tags: ["herramientas", "microscopio", "microsoldadura"],
      sections: [
        ["Distancia de trabajo", "Busca al menos 10 cm para meter el soldador cómodamente."],
        ["Luz", "Un anillo LED regulable evita reflejos en el estaño."],
      ],
    },
    en: {
      title: "A microsoldering microscope on a budget",
      excerpt: "Trinocular or digital, working distance and light: what matters.",
      tags: ["tools", "microscope", "microsoldering"],
      sections: [
        ["Working distance", "Look for at least 10 cm so the iron fits comfortably."],
        ["Light", "A dimmable LED ring avoids glare on solder."],
      ],
    },
  },
  {
    es: {
      title: "USB-C en MacBook: cuando se queda en 5 V",
      excerpt: "CD3215, PPBUS y el diálogo de negociación, explicados.",
      tags: ["macbook", "usb-c", "carga"],
      sections: [
        ["Qué significa 5 V", "Si el cargador se queda en 5 V, la placa no completó la negociación PD. Suele faltar PP3V42_G3H o fallar el CD3215."],
        ["Qué medir", "Mide PPBUS_G3H y la alimentación del controlador USB-C antes de cambiar nada."],
      ],
    },
    en: {
      title: "USB-C on MacBooks: when it stays at 5 V",
      excerpt: "CD3215, PPBUS and the PD negotiation explained.",
      tags: ["macbook", "usb-c", "charging"],
      sections: [
        [
          "What 5 V means",
          "If the charger stays at 5 V, the board did not finish PD negotiation. Usually PP3V42_G3H is missing or the CD3215 failed.",
        ],
        ["What to measure", "Measure PPBUS_G3H and the USB-C controller supply before replacing anything."],
      ],
    },
  },
  {
    es: {
      title: "Leer un boardview: de la red al componente en un minuto",
      excerpt: "Buscar por red, seguir una señal y encontrar puntos de prueba.",
      tags: ["boardview", "diagnóstico", "herramientas"],
      sections: [
        ["Buscar por red", "Escribe el nombre del riel y el visor resalta cada pad conectado."],
        ["Puntos de prueba", "Usa los condensadores grandes como puntos de medida: son fáciles de tocar."],
      ],
    },
    en: {
      title: "Reading a boardview: from net to part in one minute",
      excerpt: "Search by net, follow a signal, find test points.",
      tags: ["boardview", "diagnosis", "tools"],
      sections: [
        ["Search by net", "Type the rail name and the viewer highlights every connected pad."],
        ["Test points", "Use the big capacitors as measurement points: they are easy to probe."],
      ],
    },
  },
  {
    es: {
      title: "Normas de la biblioteca: qué se puede subir",
      excerpt: "Derechos, visibilidad y por qué algunos archivos quedan privados.",
      tags: ["comunidad", "biblioteca"],
      sections: [
        ["Derechos", "Sube solo lo que puedes compartir. Los archivos públicos requieren declarar los derechos."],
        ["Visibilidad", "Privado, compartido con personas concretas o público. Los ejecutables se marcan como tales."],
      ],
    },
    en: {
      title: "Library rules: what you may upload",
      excerpt: "Rights, visibility, and why some files stay private.",
      tags: ["community", "library"],
      sections: [
        ["Rights", "Upload only what you may share. Public files require a rights statement."],
        ["Visibility", "Private, shared with specific people, or public. Executables are flagged as such."],
      ],
    },
  },
  {
    es: {
      title: "Estación de aire caliente: temperaturas y caudal",
      excerpt: "Perfiles para QFN, BGA pequeños y conectores.",
      tags: ["herramientas", "microsoldadura", "aire caliente"],
      sections: [
        ["QFN", "380 °C con caudal bajo y flux abundante."],
        ["Conectores", "Protege el plástico con cinta kapton y precalienta la placa."],
      ],
    },
    en: {
      title: "Hot air station: temperatures and airflow",
      excerpt: "Profiles for QFNs, small BGAs and connectors.",
      tags: ["tools", "microsoldering", "hot air"],
      sections: [
        ["QFN", "380 °C with low airflow and plenty of flux."],
        ["Connectors", "Protect plastic with kapton tape and preheat the board."],
      ],
    },
  },
  {
    es: {
      title: "Dell Latitude que no carga: el circuito del adaptador",
      excerpt: "La línea de identificación del cargador y el BQ24780S.",
      tags: ["dell", "carga", "diagnóstico"],
      sections: [
        ["El pin central", "Los cargadores Dell identifican su potencia por el pin central. Si se rompe, la placa limita la carga."],
        ["El cargador", "Revisa PU501 (BQ24780S) y sus resistencias de sensado."],
      ],
    },
    en: {
      title: "Dell Latitude not charging: the adapter circuit",
      excerpt: "The charger ID line and the BQ24780S.",
      tags: ["dell", "charging", "diagnosis"],
      sections: [
        ["The centre pin", "Dell chargers report their wattage on the centre pin. If it breaks, the board throttles charging."],
        ["The charger", "Check PU501 (BQ24780S) and its sense resistors."],
      ],
    },
  },
  {
    es: {
      title: "Cómo documentar una reparación para que sirva a otros",
      excerpt: "Mediciones, componentes y fotos: la ficha de caso ideal.",
      tags: ["comunidad", "casos"],
      sections: [
        ["Mediciones", "Anota el punto, lo esperado y lo medido. Sin contexto, un número no sirve."],
        ["Componentes", "Designador, número de pieza y qué hiciste: cambiado, resoldado, reprogramado."],
      ],
    },
    en: {
      title: "Writing up a repair so it helps others",
      excerpt: "Measurements, parts and photos: the ideal case write-up.",
      tags: ["community", "cases"],
      sections: [
        ["Measurements", "Note the point, the expected and the measured value. Without context a number is useless."],
        ["Parts", "Designator, part number and what you did: replaced, reflowed, reprogrammed."],
      ],
    },
  },
];

export function postBody(lang: "es" | "en", t: Topic["es"], random: Random): string {
  const outro =
    lang === "es"
      ? `Más información en [la documentación de la comunidad](https://example.org/guia) y en la biblioteca.`
      : `More in [the community guide](https://example.org/guide) and in the library.`;
  const sections = t.sections.map(([h, body]) => `## ${h}\n\n${body}`);
  const filler =
    lang === "es"
      ? "Como siempre: mide antes de cambiar, documenta lo que hagas y comparte el resultado en el foro."
      : "As always: measure before replacing, document what you do and share the result in the forum.";
  return [t.excerpt, ...sections, random.chance(0.5) ? filler : "", outro].filter(Boolean).join("\n\n");
}

export const COMMENTS = {
  es: [
    "¡Muy útil, gracias!",
    "Me salvó una placa esta semana.",
    "¿Sirve también para la serie anterior?",
    "Yo uso 0,8 V en lugar de 1 V para no arriesgar.",
    "Gran artículo, lo comparto en el taller.",
    "Falta mencionar el flux, pero bien explicado.",
  ],
  en: [
    "Very useful, thanks!",
    "Saved a board this week.",
    "Does this work for the previous generation too?",
    "I use 0.8 V instead of 1 V to be safe.",
    "Great write-up, sharing it with the shop.",
    "Flux deserves a mention, but well explained.",
  ],
};
