/**
 * `explain(event)` for the `epic` ruleset (DESIGN.md): the rule a step applied, by catalogue id
 * (shared/rules/002_netepic_orks.md), with its French source text and an English gloss of what the engine does.
 *
 * `source` for the NE-* ids is copied verbatim from the seed (shared/seeds/002_681515b7d554f1e9.txt); when
 * several passages are quoted they are joined with " … ", and table rows keep the seed's line breaks. The core
 * rules (C*) are not in the seed: their `source` is a French summary of the NetEpic v3 rule, marked as such.
 */
import type { Explanation, GameEvent } from '../../engine/contract';

/** Marks a `source` that is our French wording of a core rule, not a quotation of the seed. */
const CORE = '(règle de base, NetEpic v3) ';

const rule = (id: string, fr: string, en: string, source: string, gloss: string): Explanation => ({
  rule: id,
  title: { fr, en },
  source,
  gloss,
});

// Seed passages shared by several table rows.
const ENERGY_INTRO =
  'Pour chaque socle ork allié suivant dans un rayon de 25 cm, ajoutez le nombre de points d’énergie indiqué.';
const BZZZT_INTRO = "Bzzzt ! : Phase de Combat, en fonction de l'ordre.";
const BZZZT_HEAD = "Points d'énergie\nPortée\nDés d'attaque\nPour tourcher\nPA";
const WAAAGH_INTRO = "Waaagh! : Phase de nouvement, à l'activation.";
const WAAAGH_HEAD = "Points d'énergie\nBonus de moral\nBonus de FA";

const bzzztRow = (id: string, energy: string, row: string, gloss: string): Explanation =>
  rule(
    id,
    `Bzzzt ! (${energy} points d'énergie)`,
    `Bzzzt! (energy ${energy})`,
    `${BZZZT_INTRO} … ${BZZZT_HEAD} … ${row}`,
    gloss,
  );

const waaaghRow = (id: string, energy: string, row: string, gloss: string): Explanation =>
  rule(
    id,
    `Waaagh! (${energy} points d'énergie)`,
    `Waaagh! (energy ${energy})`,
    `${WAAAGH_INTRO} … ${WAAAGH_HEAD} … ${row}`,
    gloss,
  );

const ENTRIES: Explanation[] = [
  // --- core rules (§3 of the catalogue; not in the seed) ---------------------------------------------------
  rule(
    'C1',
    'Séquence de tour et ordres',
    'Turn sequence and orders',
    CORE +
      "Le tour se joue en quatre phases (Ordres, Mouvement, Combat, Phase Finale) ; chaque détachement reçoit un pion d'ordre face cachée (Charge, Avance, Tir Appuyé ou Retraite), révélé à son activation, et les joueurs activent leurs détachements chacun à leur tour.",
    'Each turn runs Orders, Movement, Combat and Phase Finale; each detachment gets a hidden order (Charge: up to 2× move, may assault, no fire; Avance: 1× move, fires; Tir Appuyé: no move, fires re-rolling 1s, may intercept; Retraite: up to 2× move, no fire) and the players alternate one activation at a time. ASSUMPTION: Retraite may be chosen as an order, and its move must end farther from the nearest enemy.',
  ),
  rule(
    'C2',
    'Détachements, cohérence et rayon de commandement',
    'Detachments, coherency and command radius',
    CORE +
      "Chaque socle doit rester à 6 cm au plus d'un autre socle de son détachement, en chaîne, même pendant son mouvement ; un détachement scindé doit se regrouper à son prochain mouvement, sinon tous ses groupes sauf un sont détruits.",
    'Every base must stay within 6 cm of another base of its detachment (as a chain), even while moving; a split detachment that does not rejoin loses all its groups but one. ASSUMPTION: a Cohérence Élargie with no value is 25 cm, and a detachment with no base within 25 cm of a friendly QG in the Orders phase gets no order.',
  ),
  rule(
    'C3',
    'Classes de blocage, blocage, zones de contrôle et terrain',
    'Blocking classes, blocking, zones of control and terrain',
    CORE +
      'Classes de blocage : 1 infanterie, 2 cavalerie et marcheurs, 3 véhicules, 4 superlourds, 5 et plus titans et prétoriens ; un socle engagé en Assaut par un ennemi de classe égale ou supérieure est bloqué : il perd son ordre et ne peut ni bouger ni tirer.',
    'A base engaged by an enemy of equal or higher blocking class is blocked (no move, no fire); only a higher class may cross an enemy ZOC (7.5 cm for classes 1–4, 12 cm for 5+), and difficult terrain halves speed. ASSUMPTION: those ZOC sizes are diameters.',
  ),
  rule(
    'C4',
    'Tir : attribution, arcs, pour toucher, couverts, sauvegardes',
    'Shooting: allocation, arcs, to-hit, cover, saves',
    CORE +
      "Chaque dé d'attaque est attribué avant le jet à une cible à portée, en ligne de vue et dans l'arc de tir ; il touche si le D6 atteint la valeur pour toucher après malus, et la cible sauvegarde si le D6 plus la PA atteint sa sauvegarde.",
    'Each attack die is allocated to a target in range, LOS and arc, hits on a D6 ≥ the to-hit value after maluses (cover −1/−2, interception −1, Cible Difficile −1, firing into an assault −1), and the target saves on D6 + PA ≥ its save; flank or rear shots at vehicles get an extra −1 PA. ASSUMPTION: 7+ to hit means a 6 then 4+ (8+: 6 then 5+, 9+: 6 then 6), and a save needing more than 6 fails.',
  ),
  rule(
    'C5',
    "Tir d'interception et tir de contre-charge",
    'Interception fire and counter-charge fire',
    CORE +
      "Un détachement dont le pion de Tir Appuyé est encore caché peut interrompre le mouvement d'un détachement ennemi à portée et en ligne de vue pour lui tirer dessus à -1 pour toucher (en relançant les 1) ; son pion est alors retiré et il ne tire plus en Phase de Combat.",
    "A detachment whose Tir Appuyé counter is still hidden may pause an enemy move in its LOS and range and fire at −1 to hit, re-rolling 1s; its counter is then removed and it does not fire in the Combat phase. Fire at bases charging the firers (counter-charge fire) or inside a firer's ZOC takes no −1.",
  ),
  rule(
    'C6',
    'Assaut',
    'Assault',
    CORE +
      "Un Assaut s'engage avec un ordre de Charge ; chaque paire de socles en contact lance 2D6 + FA, le perdant perd 1 PdV sans sauvegarde, et chaque duel supplémentaire contre le même socle donne +1D6 au camp en surnombre.",
    'An assault needs a Charge order; each pair of bases in contact rolls 2D6 + FA, the loser loses 1 PdV with no save (a tie does nothing), and each further duel against the same base gives the outnumbering side +1D6. The side that lost fewer PdV wins (a tie goes to the activating player); ASSUMPTION: the v3 morale modifier for the margin of defeat is not applied.',
  ),
  rule(
    'C7',
    'Moral, Retraite et détachements brisés',
    'Morale, Retraite and broken detachments',
    CORE +
      "Un détachement qui perd au moins la moitié de ses socles ou de ses PdV en une seule action teste son moral : 2D6 (+1 s'il n'a encore subi aucune perte) doivent atteindre sa valeur de moral, sinon il passe en Retraite et recule immédiatement de 0 à 25 cm.",
    'A detachment that loses at least half its bases or PdV to one action tests morale: 2D6 (+1 if it had no losses yet) must reach its morale value (lower is better), or it goes on Retraite and moves 0–25 cm away; one that has lost half its starting PdV is Broken and gives its Destruction Points to the opponent. ASSUMPTION: an imposed Retraite is lifted by a rally test in the Phase Finale, and Waaagh! bonuses are added to the roll.',
  ),
  rule(
    'C8',
    'Gabarits, tir indirect et déviation',
    'Templates, indirect fire and scatter',
    CORE +
      "Un gabarit touche chaque socle dont le centre est couvert, avec un jet pour toucher par socle ; le tir indirect (armes d'Artillerie en Tir Appuyé, sans ligne de vue) subit -1 pour toucher si un OA observe la cible, -2 sinon.",
    'A template gets one to-hit roll against each base whose centre it covers; indirect fire (Artillerie weapons on Tir Appuyé, no LOS needed) is at −1 when an OA observes the target and −2 otherwise, and scatters 2D6 cm (1D6 cm when an OA directs it). ASSUMPTION: a stated template size is its diameter, and every template resolves on its own (barrage points never combine).',
  ),
  rule(
    'C9',
    "Sortie d'urgence et tir depuis un transport",
    'Emergency exit and firing from transports',
    CORE +
      "Quand un transport est détruit, chaque socle transporté jette un D6 : sur 4+ (3+ depuis un Toit Ouvert) il survit et est placé dans l'ancienne zone de contrôle du transport, sinon il est détruit ; les socles transportés ne tirent que depuis un Toit Ouvert.",
    "When a transport is destroyed, each base it carries or tows survives on a D6 of 4+ (3+ from a Toit Ouvert: the seed's v2 value, not v3's 2+ modified by PA) and is placed inside the transport's former ZOC; carried bases cannot shoot unless the transport has Toit Ouvert. ASSUMPTION: a survivor that cannot be placed there is destroyed.",
  ),
  rule(
    'C12',
    'Régénération, Médecin, Mécanicien',
    'Regeneration, Medic, Mechanic',
    CORE +
      "Régénération (X+) : chaque fois que le socle devrait perdre un PdV, jetez un D6 ; sur X+ ce PdV n'est pas perdu (-1 en Assaut). Médecin (X+) et Mécanicien (X+) donnent Régénération (X+) aux socles alliés à 6 cm.",
    'Each time a base with Régénération (X+) would lose a PdV it rolls a D6 and keeps that PdV on X+ (−1 in an assault); Médecin (X+) and Mécanicien (X+) give friendly bases within 6 cm Régénération (X+). ASSUMPTION: Médecin serves classes 1–2 and Mécanicien classes 3+, and a base rolls once per PdV with its best source.',
  ),
  rule(
    'C14',
    'Objectifs, Points de Destruction et victoire',
    'Objectives, Destruction Points and victory',
    CORE +
      "Les socles à 10 cm d'un objectif le disputent (sauf en altitude, en Retraite ou embarqués) ; une avance de 2 ou plus le capture, sinon le détenteur précédent le conserve. Une formation brisée donne ses Points de Destruction à l'adversaire.",
    'Bases within 10 cm of an objective count for it (infantry 1, vehicles 3; none at altitude, on Retraite or embarked) and a lead of 2 or more captures it; a Broken formation gives its Destruction Points to the opponent. ASSUMPTION: other classes count their class number, Destruction Points equal the points cost, and the higher total of Destruction and objective points wins at the turn limit.',
  ),

  // --- Bizarboy (L14–105) ----------------------------------------------------------------------------------
  rule(
    'NE-U03',
    "Bizarboy : points d'énergie",
    'Weirdboy: energy count',
    "Lorsque vous voulez utiliser un pouvoir d'un socle avec cette capacité, comptez le nombre de points d'énergie obtenus par le socle. Pour chaque socle ork allié suivant dans un rayon de 25 cm, ajoutez le nombre de points d’énergie indiqué. … Vous pouvez utiliser un pouvoir par tour.",
    "To use a power, the Bizarboy counts energy from each allied Ork base within 25 cm (class 1: 1, classes 2–4: 0.5, Gargant: D6; Gretchins, flyers, Mic'robs and non-Orks: 0), and uses one power per turn. ASSUMPTION: the Bizarboy itself does not count, the total is rounded down, and 0 energy allows no power.",
  ),
  rule(
    'NE-U04',
    'Énergie : Orks de classe 1 (hors Gretchins)',
    'Energy: class-1 Orks (not Gretchins)',
    `${ENERGY_INTRO} … Figurine Orks (Hors Gretchins)\nPoints d'énergie\nClasse 1\n1`,
    'Each allied Ork class-1 base (Gretchins excluded) within 25 cm of the Bizarboy adds 1 energy point.',
  ),
  rule(
    'NE-U05',
    'Énergie : classes 2 à 4',
    'Energy: classes 2 to 4',
    `${ENERGY_INTRO} … Classe 2 à 4 (hors volants/mic'robs)\n0.5`,
    "Each allied Ork base of class 2 to 4 (not flyers or Mic'robs) within 25 cm adds 0.5 energy point. ASSUMPTION: fractions are rounded down on the total.",
  ),
  rule(
    'NE-U06',
    'Énergie : Gargant',
    'Energy: Gargant',
    `${ENERGY_INTRO} … Gargant\nD6`,
    'Each Gargant within 25 cm adds D6 energy points. ASSUMPTION: a fresh D6 is rolled per Gargant each time energy is counted.',
  ),
  rule(
    'NE-U07',
    'Plusieurs Bizarboyz',
    'Several Weirdboyz',
    'Si plusieurs Bizarboyz sont à portée des mêmes orks, ils reçoivent tous les points d’énergie indiqués.',
    'When several Bizarboyz are in range of the same Orks, each of them counts the full energy from those Orks; nothing is split.',
  ),
  rule(
    'NE-U08',
    'Surcharge du Bizarboy',
    'Weirdboy overload',
    "Si le total est supérieur à 20, jetez un D6 et sur un 1, le Bizarboy entre en surcharge et explose, se détruisant luimême et touchant tous les socles à 2D6 cm. Les socles touchés de cette manière doivent réussir une Sauvegarde comme s'ils avaient été touchés par le pouvoir Bzzzt !, avec la PA correspondant au nombre de points d’énergie absorbés avant la surcharge. Si un socle touché a des boucliers, il en perd un.",
    'With more than 20 energy, roll a D6: on a 1 the Bizarboy explodes and is destroyed, and every base of either side within 2D6 cm must save at the Bzzzt! PA for that energy (21–25: −4, 26+: −5); a base with shields loses one instead of saving. ASSUMPTION: no power is used that turn.',
  ),
  rule(
    'NE-U09',
    'Bzzzt !',
    'Bzzzt! (psychic shooting power)',
    "Bzzzt ! : Phase de Combat, en fonction de l'ordre. Le Bizarboy envoie des arcs d’énergies crépitants sur ses adversaires pour les réduire à l’état de coquilles calcinées.",
    'Bzzzt! is a Combat-phase ranged attack that needs an order allowing fire (so not Charge); its range, attack dice, to-hit and PA come from the energy row. ASSUMPTION: it is a physical power, so it needs LOS and is saved with armour.',
  ),
  bzzztRow(
    'NE-U10',
    '1-5',
    '1-5\n25cm\n1\n6+\n0',
    'Bzzzt! with 1–5 energy: range 25 cm, 1 attack die hitting on 6+, PA 0.',
  ),
  bzzztRow(
    'NE-U11',
    '6-10',
    '6-10\n50cm\n2\n5+\n-1',
    'Bzzzt! with 6–10 energy: range 50 cm, 2 attack dice hitting on 5+, PA −1.',
  ),
  bzzztRow(
    'NE-U12',
    '11-15',
    '11-15\n75cm\n3\n4+\n-2',
    'Bzzzt! with 11–15 energy: range 75 cm, 3 attack dice hitting on 4+, PA −2.',
  ),
  bzzztRow(
    'NE-U13',
    '16-20',
    '16-20\n100cm\n3\n3+\n-3',
    'Bzzzt! with 16–20 energy: range 100 cm, 3 attack dice hitting on 3+, PA −3 (no overload roll at 20).',
  ),
  bzzztRow(
    'NE-U14',
    '21-25',
    '21-25\n125cm\n4\n3+\n-4',
    'Bzzzt! with 21–25 energy: range 125 cm, 4 attack dice hitting on 3+, PA −4, after the overload roll (NE-U08).',
  ),
  bzzztRow(
    'NE-U15',
    '26+',
    '26+\n150cm\n4\n2+\n-5',
    'Bzzzt! with 26 or more energy: range 150 cm, 4 attack dice hitting on 2+, PA −5, after the overload roll (NE-U08).',
  ),
  rule(
    'NE-U23',
    'Waaagh!',
    'Waaagh! (morale and FA aura)',
    "Waaagh! : Phase de nouvement, à l'activation. Le Bizarboy bénéficie d'une aura (qui fonctionne donc même si le Bizarboy est dans un transport) offrant un bonus au Moral et FA à tous les détachements ayant un socle à 20cm de lui.",
    "Used at the Bizarboy's Movement-phase activation, even from inside a transport: every detachment with a base within 20 cm gets the energy row's morale and FA bonuses. ASSUMPTION: friendly detachments only, until the end of the turn, not cumulative, and the morale bonus is added to the 2D6 morale roll.",
  ),
  waaaghRow('NE-U24', '1-5', '1-5\n+1\n0', 'Waaagh! with 1–5 energy: +1 to morale rolls, no FA bonus.'),
  waaaghRow('NE-U25', '6-10', '6-10\n+1\n0', 'Waaagh! with 6–10 energy: +1 to morale rolls, no FA bonus.'),
  waaaghRow('NE-U26', '11-15', '11-15\n+1\n0', 'Waaagh! with 11–15 energy: +1 to morale rolls, no FA bonus.'),
  waaaghRow(
    'NE-U27',
    '16-20',
    '16-20\n+1\n+1',
    'Waaagh! with 16–20 energy: +1 to morale rolls and +1 FA in assaults.',
  ),
  waaaghRow(
    'NE-U28',
    '21-25',
    '21-25\n+2\n+1',
    'Waaagh! with 21–25 energy: +2 to morale rolls and +1 FA in assaults, after the overload roll (NE-U08).',
  ),
  waaaghRow(
    'NE-U29',
    '26+',
    '26+\n+2\n+2',
    'Waaagh! with 26 or more energy: +2 to morale rolls and +2 FA in assaults, after the overload roll (NE-U08).',
  ),

  // --- other unit abilities ----------------------------------------------------------------------------------
  rule(
    'NE-U37',
    'Elite (X)',
    'Elite (X): Elite re-rolls',
    'Chaque détachement avec des socles ayant la capacité Elite (X) apporte X relances Elite quel que soit le nombre de socles dans le détachement. … Au cours de la partie, vous pouvez utiliser vos relances Elite pour relancer des résultats de dé de vos socles ayant la capacité Elite (et uniquement ceux-là).',
    'Each Elite (X) detachment (and each attached character with Elite (X)) adds X re-rolls to an army-wide pool, usable only on base-level rolls of Elite bases (to-hit, saves, assault), one die per base roll, never on morale or other detachment rolls. The number of re-rolls is declared before rolling, the second result is final, and used re-rolls are lost for good.',
  ),
  rule(
    'NE-U39',
    'Gretchins',
    'Gretchins (linked formation)',
    'Une formation composée de socles avec cette capacité doit être liée à un détachement d’orks de même classe ou inférieure au début de la partie. … Si à un moment, tous les socles non Gretchins du détachement sont morts, alors retirez immédiatement les Gretchins de la partie.',
    'A Gretchin formation is linked at the start to an Ork detachment of the same or a lower class and forms one detachment with it (one order, one activation); as soon as every non-Gretchin base of it is dead, the Gretchins are removed. ASSUMPTION: the removed Gretchins count as casualties.',
  ),
  rule(
    'NE-U44',
    'Intercepteur : déclenchement',
    'Interceptor: trigger',
    "2) Un détachement de Volants ou de Flottants à Basse ou Haute Altitude se déplaçant dans une Zone d'Interception peut être pris pour cible par les Intercepteurs à n'importe quel endroit de la zone. … S'il le fait, le joueur stoppe le mouvement des Volants/Flottants ciblés dans la Zone d'Interception et on place les Intercepteurs en contact socle à socle avec les Volants/Flottants interceptés.",
    "When an enemy flyer detachment at Low or High altitude moves through an Interception Zone, the interceptors may stop it anywhere in the zone and are placed in base contact, each attacking one aircraft (extra interceptors outnumber), while the opponent may fire at them from the ground. This is the flyers' Intercepteur rule; the engine's ground interception fire is C5.",
  ),
  rule(
    'NE-U50',
    'Médiko',
    'Painboy',
    'Les socles avec cette capacité ont la capacité Médecin (5+). Cependant, si pour le ou les jets de régénération, en cas de blessures multiples, vous n\'obtenez que des "1" alors le socle qui tente de se régénérer devient un Dingboyz qui sera lié au Médiko.',
    "The Médiko has Médecin (5+): friendly bases within 6 cm keep a PdV they would lose on a D6 of 5+ (C12); if all of a base's regeneration dice show 1, it becomes a Dingboyz linked to the Médiko, with its order and activation. ASSUMPTION: it does not lose those PdV and takes the Dingboyz profile at full PdV.",
  ),
  rule(
    'NE-U51',
    'Mékano',
    'Mekboy',
    'Les socles avec cette capacité ont la capacité Mécanicien (5+). Cependant, si pour le ou les jets de Régénération, en cas de blessures multiples, vous n\'obtenez que des "1" alors le socle concerné explose. … Centrez un Gabarit (6 cm) sur le socle, tous les socles sous le gabarit sont touchés sur du 5+ et PA 0.',
    "The Mékano has Mécanicien (5+): friendly bases within 6 cm keep a PdV they would lose on a D6 of 5+ (C12); if all of a base's regeneration dice show 1, it explodes, a 6 cm template centred on it hits every base under it on 5+ at PA 0, and it is removed. A Mékano within 12 cm of Mic'robs lets them take orders normally.",
  ),
  rule(
    'NE-U56',
    'PdV (X)',
    'Hit points (X)',
    'Un socle avec cette capacité possède X points de vie. Il faut lui retirer toutes ses vies pour le détruire',
    'The base has X PdV and is destroyed only when all are gone; each failed save removes 1 PdV (1 + X with Dégâts (X)).',
  ),
  rule(
    'NE-U62',
    'QG',
    'HQ',
    "Vous pouvez cibler sans problème un socle QG. Cependant, s'il rate sa sauvegarde, votre adversaire peut sacrifier à la place un socle de même classe de blocage à 6 cm du socle QG. … Ce sacrifice ne fonctionne pas en Assaut.",
    'When a QG base fails a save against shooting, its owner may remove instead a base of the same blocking class within 6 cm of it, once all saves and casualties of that shooting are done (not a base already destroyed); it does not work in an assault.',
  ),
  rule(
    'NE-U63',
    'Réacteurs Dorsaux',
    'Jump packs',
    "Elles ignorent les zones de contrôle ennemies sauf celles de socles disposant des capacités Antigrav ou Réacteurs Dorsaux et les modificateurs de terrain au cours de leur mouvement mais ne peuvent pas le terminer sur un terrain infranchissable ou dans la zone de contrôle d'un ennemi sauf s'ils l'engagent en Assaut. … Les socles équipés de Réacteurs Dorsaux ne peuvent pas les utiliser pour se désengager d'un Assaut, ils sont donc bloqués normalement.",
    'While moving, jump-pack bases ignore terrain modifiers and enemy ZOCs (except those of Antigrav or Réacteurs Dorsaux bases) and may pass over enemy bases, but cannot end on impassable terrain or in an enemy ZOC unless they engage that enemy; in an assault they are blocked normally (C3).',
  ),

  // --- transports (L240–254) ---------------------------------------------------------------------------------
  rule(
    'NE-U81',
    'Transport (X) : capacité',
    'Transport (X): capacity',
    "Les socles disposant de la capacité Transport (X) peuvent transporter X socles d'infanterie.",
    'A Transport (X) base carries up to X infantry bases.',
  ),
  rule(
    'NE-U82',
    'Transport : embarquement et débarquement',
    'Transport: embarking and disembarking',
    "Pour entrer dans un transport, un socle commence par perdre 5 cm à son mouvement total. … Pour sortir d'un transport, un socle commence par perdre 5 cm à son mouvement total. … Si un ou plusieurs socles entrent dans un transport ce tour-ci, le transport perd 5 cm à son mouvement total, quel que soit le nombre de socles entrant.",
    'A base embarking or disembarking first loses 5 cm of its move, then moves edge to edge from the transport; the transport loses 5 cm if any base embarks that turn and 5 cm more if any disembarks. ASSUMPTION: a base without enough move left ends in base contact with the transport (outside it when embarking, with 0 cm left when disembarking).',
  ),
  rule(
    'NE-U83',
    'Transport : restrictions',
    'Transport: restrictions',
    "Les socles avec l'ordre de Tir Appuyé ne peuvent ni entrer ni sortir d'un transport puisqu'ils ne peuvent pas bouger et ne peuvent pas tirer depuis le transport. … Les Transports Volants ou de Classe 4 ou plus ne perdent pas de mouvement pour embarquer ou débarquer des socles (mais les socles si).",
    'Bases on Tir Appuyé can neither embark, disembark nor fire from a transport (Toit Ouvert allows the firing); flying and class-4+ transports lose no move for loading, a transport engaged in an assault can be used while there is room, and a transport that cannot move can still load and unload.',
  ),
  rule(
    'NE-U84',
    'Transport : activation commune',
    'Transport: joint activation',
    "Sauf dans le cas de transport de classe 5 ou plus, en terme d'activation, les transports et les socles transportés comptent pour une seule activation (même si les ordres sont différents).",
    "Except for class-5+ transports, a transport and the bases it carries or picks up during its move use a single activation, even with different orders; unloading ends the transport's move but not the troops'.",
  ),
];

/** Every explanation of the `epic` ruleset, keyed by catalogue id. */
export const EPIC_RULES: Record<string, Explanation> = Object.fromEntries(ENTRIES.map((e) => [e.rule, e]));

const known = (id: string): Explanation | undefined =>
  Object.hasOwn(EPIC_RULES, id) ? EPIC_RULES[id] : undefined;

/**
 * The explanation of the rule an event applied. An event naming several rules (`C4 NE-U37`, `C4,NE-U37`) is
 * explained by the first one we know; an unknown id gets a fallback that says so. Never throws.
 */
export function explainEpic(event: GameEvent): Explanation {
  const id = typeof event?.rule === 'string' ? event.rule.trim() : String(event?.rule ?? '');
  const exact = known(id);
  if (exact) return exact;
  for (const part of id.split(/[\s,;+&/]+/)) {
    const found = part ? known(part) : undefined;
    if (found) return found;
  }
  return {
    rule: id,
    title: { fr: 'Règle inconnue', en: 'Unknown rule' },
    source: `(aucune règle « ${id} » dans le catalogue epic)`,
    gloss: `The rule id "${id}" is unknown to the epic ruleset, so there is no explanation for it.`,
  };
}
