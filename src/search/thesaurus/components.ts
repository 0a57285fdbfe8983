// Components and parts of a laptop and its board, Spanish and English (format: symptoms.ts).
export const COMPONENTS = `
board | es: placa; placa base; placa madre; tarjeta madre@MX; motherboard; mother@AR; placa lógica; tarjeta lógica@MX; placa principal; tarjeta principal@CO; la mother@AR; placa de la notebook@AR; placa de la laptop@MX | en: board; mainboard; logic board; mobo@slang; main board; system board; motherboard; main logic board; laptop motherboard; laptop board | src: variantes regionales (tarjeta madre MX, mother AR); EN slang (mobo); añadidos: tarjeta principal (CO), la mother (AR); EN: main logic board (Apple shop talk); issue 42 (2): placa de la notebook (AR), de la laptop (MX)
charger | es: cargador; eliminador@MX; adaptador de corriente; fuente de poder@MX; transformador@ES; fuente@AR@query; cargador original; alimentador@AR@CL; cargador de pared; fuente de alimentación; trafo@ES@slang; cargador genérico; cargador alternativo | en: charger; adapter; ac adapter; power adapter; power brick; power supply; psu; oem adapter; magsafe; brick@slang; charging brick; wall charger; charger brick; laptop charger; ac charger; generic charger; aftermarket charger | src: variantes regionales (eliminador MX, transformador ES); EN usage; añadidos: alimentador (AR/CL); EN slang: brick; issue 42 (2): trafo (ES), cargador genérico/alternativo (foros LatAm); EN: aftermarket charger (support forums)
charger-ic | es: controlador de carga; chip de carga; ic de carga; cargador de batería integrado; ic cargador; integrado de carga; chip cargador; cargador ic | en: charger ic; charging ic; charge controller; battery charger chip; charging chip; charge ic; battery charger ic; bq chip@slang | src: hojas de datos TI/Renesas; EN usage; issue 42 (2): ic cargador, integrado de carga (foros LatAm); EN: 'the bq chip' (TI bq24xxx chargers, Rossmann/badcaps)
pmic | es: pmic; ic de potencia; integrado de potencia; chip de alimentación; controlador de alimentación | en: pmic; power ic; power management ic; power management chip; power chip | src: issue 42 (2): hojas de datos (PMIC); foros de celulares y notebooks ES/LatAm (ic de potencia); EN phone/laptop repair usage
coil | es: bobina; inductor; inductancia; choke; bobinas; inductor de potencia; bobina de potencia | en: coil; inductor; choke; chokes; inductors; power inductor; power choke | src: electrónica general; EN usage; issue 42 (2): bobina/inductor de potencia (foros ES); EN: power inductor (datasheets)
fuse | es: fusible; fusibles; fusible quemado | en: fuse; fuses; blown fuse; polyfuse | src: electrónica general; EN usage
mosfet | es: mosfet; transistor; transistores; mosfets; fet@slang; fets@slang; transistor mosfet; mosfet de potencia; mosfet de carga | en: mosfet; fet@slang; transistor; mosfets; fets; mosfet blown; power mosfet; high side mosfet; low side mosfet; high side fet@slang; low side fet@slang | src: electrónica general; EN slang (fet); añadidos: fet en foros ES; issue 42 (2): mosfet de potencia/de carga (foros ES/LatAm); EN: high side / low side fet (Rossmann, datasheets)
capacitor | es: condensador@ES; capacitor@MX@AR; capacitores; condensadores; cerámico; tántalo; tantalio@MX@AR; capacitor cerámico@MX@AR; condensador cerámico@ES; capacitor de tantalio@MX@AR; condensador de tantalio@ES; cerámicos | en: capacitor; cap@slang; caps@slang; mlcc; tantalum; ceramic cap; ceramic capacitor; tantalum cap@slang; polymer cap@slang; poscap; smd cap@slang | src: ES (condensador) y LatAm (capacitor); EN slang (cap); issue 42 (2): tantalio (calco usado en foros LatAm por tántalo), cerámico; EN: poscap, polymer cap (Rossmann, badcaps)
resistor | es: resistencia; resistor; resistencias | en: resistor; resistors; res@slang | src: electrónica general; EN usage
diode | es: diodo; diodos; diodo de protección | en: diode; diodes; tvs diode; protection diode | src: electrónica general; EN usage
connector | es: conector; conectores; zócalo; ficha@AR; socket | en: connector; connectors; socket; header; receptacle | src: foros AR (ficha); EN usage
dc-jack | es: jack de alimentación; jack de corriente; conector de carga; conector dc; pin de carga; puerto de carga; jack de carga; conector de alimentación; entrada de carga; centro de carga@MX; pin de carga roto | en: dc jack; power jack; charging port; dc in; charge port; barrel jack; charging jack; power port; dc-in jack; charge jack | src: foros; EN usage; añadidos: centro de carga (MX), jack de carga; EN: power port
usb-c-port | es: puerto usb-c; conector usb-c; puerto tipo c | en: usb-c port; type-c port; usbc port | src: foros; EN usage
pd-controller | es: controlador pd; chip usb-c; controlador usb-c | en: pd controller; usb-c controller; power delivery controller | src: hojas de datos; Rossmann EN usage
ec | es: controlador embebido; ec; chip ec; controlador de teclado | en: embedded controller; ec; keyboard controller; kbc | src: manuales de servicio; EN usage
smc | es: smc; controlador de gestión del sistema | en: smc; system management controller | src: Apple service usage
bios-chip | es: chip de bios; memoria bios; flash de bios; chip spi; bios; memoria flash; chip flash; rom de bios; chip de la bios | en: bios chip; spi flash; flash chip; spi rom; bios rom; bios; spi chip; bios eeprom; bios flash chip | src: foros BIOS; EN usage; issue 42 (2): chip de la bios, memoria flash (foros BIOS ES/LatAm); EN: spi chip (badcaps BIOS section)
cpu | es: procesador; cpu; micro@AR; microprocesador | en: cpu; processor; soc; apu | src: foros AR (micro); EN usage
gpu | es: gráfica; tarjeta gráfica; gpu; chip gráfico; tarjeta de video@MX | en: gpu; graphics chip; graphics card; video chip; dgpu; vga | src: foros MX (tarjeta de video); EN usage
pch | es: pch; puente sur; chipset | en: pch; southbridge; chipset; platform controller hub | src: manuales Intel; EN usage
ram | es: memoria; memoria ram; ram; módulo de memoria; memorias | en: ram; memory; memory module; dimm; sodimm; soldered ram | src: foros; EN usage
memory-slot | es: zócalo de memoria; ranura de memoria; slot de memoria | en: memory slot; ram slot; dimm slot; sodimm slot | src: foros; EN usage
ssd | es: disco; disco duro; disco sólido; unidad sólida; unidad de estado sólido; ssd; sólido@AR@slang; disco de estado sólido; disco ssd; unidad ssd | en: ssd; hard drive; drive; disk; hdd; nvme; storage; solid state drive; solid state; m2 drive; nvme drive; nvme ssd | src: foros; EN usage; issue 42 (4): 'el sólido' (AR: SSD) (foros AR: Taringa, Clan-Informatico); EN: nvme drive (badcaps, r/laptops)
screen | es: pantalla; display; panel; monitor del portátil; lcd; pantalla interna | en: screen; display; panel; lcd; built-in display; internal display | src: foros; EN usage
screen-cable | es: flex de pantalla; cable de pantalla; cable lvds; cable edp; flex de video | en: display cable; screen cable; lvds cable; edp cable; display flex | src: foros ES (flex); EN usage
backlight-circuit | es: circuito de retroiluminación; boost de retroiluminación; driver de retroiluminación | en: backlight circuit; backlight driver; backlight boost; led driver | src: manuales; EN usage
external-monitor | es: monitor externo; segunda pantalla; tele@slang; televisor; proyector | en: external monitor; external display; second screen; tv; projector | src: foros; EN usage
hdmi | es: hdmi; puerto hdmi; salida hdmi | en: hdmi; hdmi port; hdmi output | src: general
keyboard | es: teclado; teclas; teclado interno | en: keyboard; kb@slang; keys; internal keyboard | src: foros; EN slang (kb)
keyboard-backlight | es: retroiluminación del teclado; luz del teclado; teclado iluminado | en: keyboard backlight; keyboard light; backlit keyboard | src: foros; EN usage
touchpad | es: touchpad; panel táctil; mouse del portátil; trackpad; mouse táctil; mouse touch@slang; pad del mouse@slang | en: touchpad; trackpad; clickpad; touch pad; mousepad@slang | src: foros; EN usage; issue 42 (4b): 'el mouse táctil' / 'el mouse touch' (foros LatAm); EN usage
webcam | es: cámara web; webcam; cámara integrada | en: webcam; camera; cam; integrated camera | src: foros; EN usage
fan | es: ventilador; ventiladores; cooler@AR; coolers@AR; abanico@CO; turbina@slang | en: fan; fans; cooling fan; blower; blower fan; cpu fan; gpu fan | src: foros AR (cooler), CO (abanico); EN usage; issue 42 (2): turbina (ventilador centrífugo, foros ES/LatAm); EN: blower fan, cpu fan
heatsink | es: disipador; disipadores; heatsink; radiador | en: heatsink; heat sink; cooler assembly; heatpipe | src: foros; EN usage
thermal-paste | es: pasta térmica; silicona térmica@AR; grasa térmica | en: thermal paste; thermal compound; paste; tim | src: foros AR (silicona térmica); EN usage
thermal-pads | es: almohadillas térmicas; pads térmicos; thermal pads | en: thermal pads; pads; thermal pad | src: foros; EN usage
temperature-sensor | es: sensor de temperatura; sensor térmico; termistor | en: temperature sensor; thermal sensor; thermistor; temp sensor | src: foros; EN usage
audio-codec | es: códec de audio; codec; chip de audio | en: audio codec; codec; sound chip; audio chip | src: hojas de datos; EN usage
amplifier | es: amplificador; amplificador de audio; ampli@slang | en: amplifier; amp@slang; audio amp; speaker amp | src: foros; EN usage
headphones | es: auriculares@ES; audífonos@MX@CO; cascos@ES | en: headphones; earphones; headset | src: variantes regionales; EN usage
wifi-card | es: tarjeta wifi; placa wifi@AR; antena wifi | en: wifi card; wireless card; wlan card; wifi antenna | src: foros; EN usage
lid-hinge | es: bisagra; bisagras; tapa; bisagra rota; bisagras rotas; bisagra floja; bisagra despegada | en: hinge; hinges; lid; broken hinge; hinge broke; loose hinge; cracked hinge | src: foros; EN usage; issue 42 (2): bisagra rota/floja/despegada (foros ES/LatAm); EN: broken/loose hinge (r/laptops)
flex-cable | es: flex; cable plano; faja@slang; flexor@MX; cinta flex; flex roto | en: flex cable; ribbon cable; ffc; ribbon; flex; flex ribbon; broken flex | src: foros; EN usage; añadidos: flexor (MX)
voltage-regulator | es: regulador de voltaje; regulador; vrm; fase de alimentación | en: voltage regulator; vrm; regulator; buck converter; power stage | src: foros; EN usage
pwm-controller | es: controlador pwm; controlador de fase | en: pwm controller; buck controller; vcore controller | src: hojas de datos; EN usage
main-rail | es: riel principal; línea principal; tensión principal | en: main rail; main power rail; ppbus; system rail; main line; main power line | src: esquemas Apple/Lenovo; EN usage; issue 42 (4b): EN for 'línea principal'
cpu-rail | es: riel del procesador; línea del procesador; vcore; tensión del procesador | en: cpu rail; vcore; processor rail; core rail; processor supply; vddcr | src: esquemas; EN usage
memory-rail | es: riel de memoria; línea de memoria; tensión de memoria | en: memory rail; ram rail; vddq; ddr rail | src: esquemas; EN usage
standby-rail | es: riel de standby; tensión de reposo; alwayson | en: standby rail; always on rail; 3v3 standby | src: esquemas; EN usage
rail | es: riel; línea de alimentación; rieles; tensión | en: rail; power rail; rails; supply line | src: esquemas; EN usage
crystal | es: cristal; oscilador; xtal | en: crystal; oscillator; xtal; clock crystal | src: electrónica general
bga-chip | es: chip bga; integrado bga; bga | en: bga chip; bga; bga package | src: general
ic | es: integrado; circuito integrado; ic; chip | en: ic; integrated circuit | src: electrónica general
trace | es: pista; pistas; pista cortada; pista levantada | en: trace; traces; lifted trace; broken trace; track | src: foros; EN usage
via | es: vía; vías; taladro | en: via; vias; through hole | src: fabricación PCB
pad | es: pad; pads de soldadura; isla@AR | en: pad; solder pad; ripped pad | src: foros AR (isla); EN usage
button-board | es: placa del botón; placa de encendido | en: power button board; button board | src: foros; EN usage
io-board | es: placa de puertos; placa usb; placa hija | en: io board; daughter board; usb board | src: foros; EN usage
battery-connector | es: conector de batería; conector de la pila | en: battery connector; battery header | src: foros; EN usage
cmos-battery | es: pila de la bios; pila cmos; pila del reloj | en: cmos battery; rtc battery; clock battery | src: foros; EN usage
current-sense-resistor | es: resistencia de sensado; resistencia shunt | en: sense resistor; current sense resistor; shunt | src: hojas de datos; EN usage
level-shifter | es: buffer; adaptador de niveles | en: buffer; level shifter; logic buffer | src: hojas de datos
eeprom | es: eeprom; memoria eeprom | en: eeprom; serial eeprom | src: general
ambient-light-sensor | es: sensor de luz ambiente; sensor de luz | en: ambient light sensor; als; light sensor | src: manuales Apple
phone | es: celular@MX@AR@CO@CL@PE@VE; celu@AR; móvil@ES; teléfono; smartphone | en: phone; cell phone; cellphone; smartphone; mobile phone | src: variantes regionales (celular/celu LatAm, móvil ES)
`;
