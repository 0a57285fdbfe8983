// Actions, tools and measurement words of board repair, Spanish and English (format: symptoms.ts).
export const ACTIONS = `
reflow | es: reflow; refundir; resoldar; resoldado; resoldé; soldadura fría; calentar el chip; hornear@slang; horneado@slang; meter al horno@slang; horno@slang; reflowear@slang; hacer reflow; calentar la placa; darle calor@slang; calentar la gpu; hacerle reflow | en: reflow; reflowed; reflowing; resolder; resoldered; cold joint; cold solder joint; bake@slang; baked@slang; oven trick@slang; baking the board@slang; reflowed the chip; reflow the gpu; reflowing the board; heat the chip; hit it with hot air@slang | src: foros ES; EN usage; añadidos: horno/hornear (truco del horno, foros ES/LatAm); EN: oven trick, bake (forums); issue 42 (2): darle calor, calentar la gpu (foros ES/LatAm); EN: hit it with hot air (shop talk)
reballing | es: reballing; rebolear@MX; reboleo@MX; rebolado; cambiar bolas; reboleado@MX; rebolear el chip@MX; hacer reballing; reboleo del chip@MX | en: reballing; reball; reballed; reballing bga; reballed the chip; reball the gpu; reballed the gpu; reball job | src: foros MX (rebolear); EN usage; añadidos: reboleado (MX); issue 42 (2): hacer reballing (foros ES/LatAm); EN: reball job (shop talk)
jumper | es: puente; puentear; puenteé; puenteado; bypass; hacer un puente; jumpear@slang; jumpeado@slang; hacer un jumper@slang; cable puente; puenteo; puentearlo; poner un puente; cable de puente | en: jumper; jumpered; jumper wire; bridge; bypass; bodge wire@slang; bodge@slang; jump wire; jumped; bridged; bridging; wire mod@slang; jumper it; bodge it@slang; bodged@slang; wire jumper | src: foros ES; EN usage; añadidos: jumpear (foros LatAm), puenteo; EN: bodge, jump wire (shop talk); issue 42 (2): puentearlo, poner un puente (foros ES/LatAm); EN: bodge it, bodged (shop talk)
diode-mode | es: modo diodo; medición en modo diodo; caída de tensión; medir en modo diodo; medición de diodo; escala de diodo; valor de diodo; lectura en modo diodo | en: diode mode; diode mode measurement; voltage drop; diode reading; diode measurement; diode readings; diode values; diode test; measure in diode mode | src: Rossmann/northridgefix EN; foros ES; issue 42 (2): escala/valor de diodo (foros ES/LatAm); EN: diode readings/values (Rossmann, badcaps)
continuity | es: continuidad; prueba de continuidad; pitar@slang | en: continuity; continuity test; beep test@slang | src: foros; EN usage
voltage-injection | es: inyectar voltaje; inyección de voltaje; inyectar tensión; inyectar voltaje al riel; inyectar corriente; inyección de tensión | en: voltage injection; inject voltage; injecting voltage; injected voltage; inject voltage into the rail; voltage inject; inject current | src: Rossmann EN; foros ES; issue 42 (2): inyectar corriente/tensión (foros ES/LatAm); EN: voltage inject (Rossmann, NorthridgeFix)
thermal-camera | es: cámara térmica; termográfica; cámara termográfica | en: thermal camera; thermal imager; flir | src: foros; EN usage
freeze-spray | es: spray congelante; frío en spray; aerosol congelante | en: freeze spray; freezer spray; cold spray | src: foros; EN usage
isopropyl | es: alcohol isopropílico; isopropílico; ipa; alcohol | en: isopropyl alcohol; ipa; isopropanol | src: foros; EN usage
ultrasonic-cleaner | es: baño de ultrasonidos; lavadora ultrasónica; ultrasonido; cuba de ultrasonidos | en: ultrasonic cleaner; ultrasonic bath; ultrasonic cleaning | src: foros; EN usage
flux | es: flux; fundente; pasta de soldar | en: flux; flux paste; rosin | src: foros; EN usage
solder | es: estaño; soldadura; soldar | en: solder; soldering; tin | src: foros; EN usage
soldering-iron | es: soldador@ES; cautín@MX@AR; estación de soldadura; punta del soldador | en: soldering iron; iron; soldering station; iron tip | src: variantes regionales (cautín LatAm); EN usage
hot-air | es: estación de aire caliente; aire caliente; pistola de calor; estación de calor | en: hot air station; hot air; rework station; heat gun | src: foros; EN usage
preheater | es: precalentador; precalentar; placa precalentadora | en: preheater; preheat; bottom heater | src: foros; EN usage
microscope | es: microscopio; lupa | en: microscope; scope@slang; magnifier | src: foros; EN usage
multimeter | es: multímetro; tester@AR@ES; polímetro@ES | en: multimeter; dmm; meter; multi meter@typo | src: variantes regionales (tester AR, polímetro ES); EN usage
bench-supply | es: fuente de laboratorio; fuente de alimentación regulable; fuente regulable; fuente de banco; fuente de laboratorio regulable; fuente regulada; fuente variable; fuente de laboratorio digital | en: bench power supply; bench supply; lab power supply; dc power supply; bench psu; lab psu; bench power; benchtop supply; variable power supply; lab supply | src: foros; EN usage; añadidos: fuente de banco; issue 42 (2): fuente regulada/variable (foros ES/LatAm); EN: benchtop supply (EEVblog, badcaps)
usb-meter | es: medidor usb; amperímetro usb; tester usb | en: usb meter; usb ammeter; usb-c meter | src: foros; EN usage
oscilloscope | es: osciloscopio | en: oscilloscope; scope trace | src: general
programmer | es: programador; programador de bios; grabador | en: programmer; bios programmer; eeprom programmer | src: foros BIOS; EN usage
bios-flash | es: grabar la bios; reprogramar bios; flashear bios; flashear@slang; regrabar | en: flash the bios; reflash; reflashed; bios flash; reprogram bios | src: foros; EN usage
bios-dump | es: volcado de bios; dump; archivo bios; bios limpia | en: bios dump; dump; clean dump; bios file | src: foros BIOS; EN usage
replace | es: cambiar; reemplazar; sustituir; cambié; reemplacé; sustituido; cambiado | en: replace; replaced; swap; swapped; change | src: general
measure | es: medir; medición; mide; medí | en: measure; measured; measurement; reading | src: general
short-finding | es: buscar el corto; localizar corto; encontrar el corto | en: find the short; short hunting; locate short | src: Rossmann EN; foros
schematic | es: esquemático; esquema; diagrama | en: schematic; schematics; circuit diagram | src: general
boardview | es: boardview; vista de placa | en: boardview; board view; brd file | src: general
datasheet | es: hoja de datos; datasheet; ficha técnica | en: datasheet; data sheet; spec sheet | src: general
service-manual | es: manual de servicio; manual de reparación | en: service manual; repair manual | src: general
disassembly | es: desmontaje; desarmar; desarme@AR; abrir el equipo | en: disassembly; teardown; take apart | src: foros AR (desarme); EN usage
cleaning | es: limpieza; limpiar; lavar la placa | en: cleaning; clean; wash the board | src: general
repaste | es: cambiar pasta térmica; repastar; mantenimiento térmico | en: repaste; repasted; thermal maintenance | src: foros; EN slang
voltage | es: voltaje; tensión eléctrica; voltios | en: voltage; volts | src: general
current | es: corriente; amperaje; amperios; consumo; chupa@AR; consumo de corriente; cuánto consume | en: current; amps; amperage; current draw; amp draw; draw; amperage draw | src: general; añadidos: chupa (AR: consumir corriente); EN: amp draw
resistance | es: resistencia a masa; resistencia a tierra; ohmios | en: resistance to ground; ohms; impedance | src: foros; EN usage
ground | es: masa@ES; tierra@MX@AR; gnd | en: ground; gnd | src: variantes regionales (masa ES, tierra LatAm)
power-on | es: encender; arrancar; prender@AR@MX; prenderla@AR@MX; prenderlo@AR@MX; encendido; bootear@slang; bootea@slang; al encender; al prender@AR@MX; arranca; arrancó; encendió; prendió@AR@MX; enciende; prende@AR@MX | en: power on; turn on; boot; powering on; power up; turn it on; booting; powering up; boots up; boots; powers on; powers up; turns on; starts up; booted | src: general; añadidos: prenderla (AR/MX); issue 42 (4): bootear (LatAm: arrancar) (Yoreparo, foros LatAm); EN usage; issue 42 (6): the verb as posts write it, third person and past (arranca, enciende; boots, powers up): a concept's words are searched as written
enable-signal | es: señal de habilitación; enable; señal enable | en: enable signal; enable pin; en pin | src: esquemas
power-good | es: power good; señal pgood | en: power good; pgood; pg signal | src: esquemas
clock-signal | es: señal de reloj; reloj | en: clock signal; clock; clk | src: esquemas
data-recovery | es: recuperación de datos; recuperar datos; rescatar datos; chip off; extracción de chip | en: data recovery; recover data; data rescue; chip off; chip off recovery | src: general; añadidos: chip-off (recuperación de datos)
warranty | es: garantía | en: warranty | src: general
quote | es: presupuesto; cotización@MX | en: quote; estimate | src: variantes regionales
customer | es: cliente; clienta | en: customer; client | src: general
`;
