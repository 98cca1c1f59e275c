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
    'C10',
    'Fiches de localisation des titans et Gargants',
    'Location sheets of titans and Gargants',
    CORE +
      "Sauvegarde normale d'abord ; chaque échec coûte 1 PdV et un D6 sur le tableau de localisation avant ou arrière, où s'applique le dégât progressif suivant ; les résultats « endommagé » se réparent sur 4+ en Phase Finale.",
    'A class-5+ base (titan, Gargant) saves normally; each failure costs its PdV and a D6 on the front chart (the rear chart when the firer is in its rear 90° arc), Dégâts (X) adding X (at most 6); the location takes its next result: damaged, then destroyed. Damaged locations repair on 4+ in the Phase Finale. ASSUMPTIONS (invented charts and effects): front 1–2 legs, 3–4 a weapon, 5 body, 6 head; rear 1–2 legs, 3 a weapon, 4–5 body, 6 head; the weapon hit is the first still working; legs damaged halve the move, destroyed stop it; a damaged weapon cannot fire, a destroyed one is lost; head damaged: −1 to hit; a destroyed head or body destroys the base.',
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
    'With more than 20 energy, roll a D6: on a 1 the Bizarboy explodes and is destroyed, and every base of either side within 2D6 cm must save at the Bzzzt! PA for that energy (21–25: −4, 26+: −5); a base with shields loses one instead of saving (ASSUMPTION: power fields are its shields). ASSUMPTION: no power is used that turn.',
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
    "Except for class-5+ transports, a transport and the bases it carries or picks up during its move use a single activation, even with different orders; unloading ends the transport's move but not the troops'. ASSUMPTION (read with NE-U82 T2): troops that get out before the transport has moved only cost it 5 cm; once it has driven, an unload ends its move.",
  ),

  // --- issue #3: more unit and weapon abilities ---------------------------------------------------------------
  rule(
    'NE-U30',
    'Blindage renforcé',
    'Reinforced armour (flank and rear)',
    "Un socle avec cette capacité ne subit pas la Pénétration d'Armure supplémentaire de -1 pour les tirs de flanc ou de dos.",
    'No extra −1 PA for shots into the flank or rear of this base (C4).',
  ),
  rule(
    'NE-U31',
    'Blindage renforcé (flancs)',
    'Reinforced side armour',
    "Un socle avec cette capacité ne subit pas la Pénétration d'Armure supplémentaire de 1 pour les tirs de flanc. … Les tirs arrivant dans l'angle de 90° de dos infligent toujours le malus de 1 à la sauvegarde.",
    'No extra −1 PA for flank shots; shots from the rear 90° still get it. ASSUMPTION: front 90°, rear 90°, flanks the two other 90° arcs.',
  ),
  rule(
    'NE-U32',
    'Bulldozer',
    'Bulldozer',
    'Un socle avec cette capacité ignore les pénalités de mouvement pour les forêts et les terrains difficiles.',
    'Moves through forests and difficult terrain (ruins included) at full speed; impassable terrain still stops it.',
  ),
  rule(
    'NE-U33',
    'Relance de moral',
    'Morale re-roll aura',
    "Une fois par tour, un (et un seul) socle détachement à 12 cm d'un socle avec cette capacité peut relancer un jet de moral raté.",
    'Once per turn per holder, one detachment with a base within 12 cm re-rolls a failed morale test; the re-roll stands. ASSUMPTION: the limit is per holder; the name of the row is unknown.',
  ),
  rule(
    'NE-U34',
    'Champs Énergétiques',
    'Power fields',
    "Chaque tir qui touche un socle disposant de la capacité Champs Énergétiques, jetez un D6. Sur un 1, le tir passe les Champs Énergétiques sans en détruire et touche le socle. Résolvez la touche normalement. Sinon le tir détruit un Champ si l'arme a un PA de 1 au moins. … Les tirs avec PA 0 (ou un PA positif) ne détruisent pas de Champs (mais peuvent les ignorer si le résultat du dé est un 1). Les Champs détruits ne peuvent pas être réparés en Phase Finale. Si le socle dispose de Champs actifs (non détruits), il bénéficie d’une Sauvegarde Psychique de 4+ (une seule sauvegarde quelque soit le nombre de champs actifs).",
    'Each hit on a base with active fields rolls a D6: a 1 gets through and is resolved normally; 2–6 stops it, and a weapon of PA −1 or worse destroys one field. Fields are never repaired; while any is up the base has a 4+ psychic save.',
  ),
  rule(
    'NE-U35',
    'Charismatique',
    'Charismatic',
    'Tous les détachements alliés avec au moins un socle dans un rayon de 12 cm du socle avec la capacité Charismatique gagnent un bonus de +1 à leur Test de Moral.',
    'Allied detachments with a base within 12 cm add 1 to their morale roll. ASSUMPTION: not cumulative between sources.',
  ),
  rule(
    'NE-U36',
    'DR (X)',
    'Close defences',
    "Un socle disposant de la capacité DR (X) dispose de X Défenses Rapprochées. … Lors de la phase de mouvement, vous pouvez activer une ou plusieurs DR en tir d'interception sans activer le socle correspondant et quel que soit l'ordre du socle (et même s'il a déjà bougé). Chaque DR aura alors un tir sur du 7+ (malus d'interception déjà compté), PA 0 en tir d'interception et sur du 6+, PA 0 en Tir de contre charge. Une DR utilisée en interception ou en contre charge ne peut plus l'être pour le reste du tour. Vous pouvez activer votre socle en même temps qu'une partie de ses DR mais cela n'est pas obligatoire. Vous ne pouvez pas activer de DR si vous avez engagé un Assaut. … En phase de Combat, vous pourrez utiliser les DR restants pour votre socle lorsque vous activerez en tir le socle. … Les DR ont une portée de 15 cm, un angle de tir de 360° et sont inefficaces contre les socles de classe 3 ou plus.",
    "X close defences: 15 cm, 360°, useless against class 3+. In the Movement phase any number may fire on a move whatever the base's order: 7+ (6+ against bases charging it), PA 0, each once a turn, never after the base engaged an assault. The rest fire with the base in the Combat phase (6+). ASSUMPTION: no re-roll, no other modifier.",
  ),
  rule(
    'NE-U38',
    'Dernier sursaut',
    'Death throes',
    "Quand un socle avec cette capacité est détruit (en tir ou en assaut), jetez un dé et sur 5+ le socle peut effectuer un assaut à 6 cm sur un socle ennemi avant de mourir. Si aucun ennemi n'est à portée alors retirer le socle.",
    'A base destroyed by shooting or in an assault rolls a D6; on 5+ it fights one duel (2D6 + FA) against the nearest enemy within 6 cm before it is removed. ASSUMPTION: one duel; the name of the row is unknown.',
  ),
  rule(
    'NE-U40',
    "Demi-valeur d'objectif",
    'Half objective value',
    "Les socles avec cette capacité comptent pour moitié dans la capture ou la contestation d'objectif (donc un socle d'infanterie compte pour 1/2 et un véhicule pour 1,5).",
    'These bases count half for objectives: ½ for infantry, 1.5 for a vehicle.',
  ),
  rule(
    'NE-U42',
    'Immunisé',
    'Immune',
    'Un socle avec cette capacité est immunisé aux attaques ou pouvoirs basés sur le poison, la maladie, les phéromones ou les odeurs.',
    'Immune to attacks and powers based on poison, disease, pheromones or smells. No such attack exists in the forces yet: a flag only.',
  ),
  rule(
    'NE-U48',
    'Ordres sans chef',
    'Orders without a leader',
    "Les détachements de socles ayant cette capacité n'ont pas à être dans le rayon de commandement de chefs pour recevoir des ordres et reçoivent des ordres normalement.",
    'The detachment receives orders normally even out of the command radius of its leaders (C2).',
  ),
  rule(
    'NE-U49',
    'Tir après Charge',
    'Fire after Charge',
    "Les socles avec cette capacité peuvent tirer lors de la Phase de Combat même après avoir eu un ordre de charge, sauf s'ils sont engagé un assaut ou s'ils sont bloqués en assaut.",
    'These bases may shoot in the Combat phase after a Charge order, unless they engaged an assault or are blocked.',
  ),
  rule(
    'NE-U52',
    'Bonus de FA',
    '+1 FA aura',
    "Tous les détachements alliés (sauf classe 5 ou plus) avec au moins un socle dans un rayon de 12 cm d'un socle avec cette capacité gagnent un bonus de +1 à leur FA.",
    'Allied detachments (class below 5) with a base within 12 cm get +1 FA.',
  ),
  rule(
    'NE-U57',
    'Personnage',
    'Character',
    "Les Personnages représentent des individus très particuliers voire uniques. En termes de jeu, cela n'apporte rien de particulier sauf si vous utilisez certains scénarios comme le scénario Maelström. … Dans ce cas, les cartes ciblant des Personnages ne peuvent être jouées que sur de telles unités. … Un personnage peut abandonner son transport assigné s'il le désire (il est alors détruit et compte comme perte).",
    'A tag for scenario cards (Maelström, not implemented). A Character may abandon its transport: the transport is destroyed and counts as a casualty (ASSUMPTION: any empty transport of its detachment).',
  ),
  rule(
    'NE-U58',
    'Personnage Lié',
    'Attached character',
    "Les Personnages Liés doivent rejoindre en début de partie un détachement (ils ne formeront plus qu'un détachement) et rester donc en cohérence de formation avec le détachement. … Un Personnage Lié conserve ses capacités dont QG. Les Personnages Liés ne prennent pas de place dans les transports. … Ils gagnent le mode de transport du détachement qu'ils rejoignent (voir p15) et si le détachement a la capacité Infiltration ou Unité de Commandement, le Personnage Lié gagne cette capacité. … Vous pouvez inclure jusqu'à 2 Personnage Liés à un même détachement. … Un Personnage Lié d'Infanterie (Classe 1) peut être lié à un détachement d'Infanterie ou de Cavalerie? dans ce cas il gagne obtient le même mode de transport que le détachement sans coût supplémentaire (voir p. 15). … Les Personnages Liés de Classe 2 ou plus peuvent rejoindre uniquement un détachement de même Classe. … Si un détachement est brisé, le Personnage Lié au détachement l'est aussi (il fait partie du détachement et a le même moral que celui du détachement auquel il est lié). … Si un Personnage Lié a la capacité Elite (X), il rapporte X relances Elite en plus de celle du détachement auquel il est lié (que le détachement soit Elite ou non).",
    'Joins one detachment for the game (at most 2 per detachment), takes no transport space, shares its morale and Broken state; a class-1 character joins infantry or cavalry, class 2+ only its own class; its Elite (X) adds X re-rolls.',
  ),
  rule(
    'NE-U65',
    'Robot',
    'Robots',
    "Les détachements avec des socles ayant la capacité Robot reçoivent des ordres normalement. … De plus, si le détachement de socles avec la capacité Robot est à 12 cm d'un socle non robot allié qui n'a pas l'ordre de Retraite, alors il s'active normalement. … Sinon il doit suivre les contraintes suivantes lors de son activation.",
    'A Robot detachment with no friendly non-robot base (not on Retraite) within 12 cm is restricted (NE-U66…U69).',
  ),
  rule(
    'NE-U66',
    'Robot : interception',
    'Robots: interception',
    "1) Un détachement avec des socles ayant la capacité Robot peut toujours effectuer des tirs d'interception normalement s'il est en ordre de Tir Appuyé.",
    'Restricted robots on Tir Appuyé may still intercept normally.',
  ),
  rule(
    'NE-U67',
    'Robot : cible imposée',
    'Robots: forced target',
    "2) Un détachement avec des socles ayant la capacité Robot en Tir Appuyé qui n'a pas eu l'occasion d'effectuer de tir d'interception doit tirer sur le détachement adverse le plus proche (à portée, en ligne de vue et que les robots peuvent endommager).",
    'Restricted robots on Tir Appuyé that did not intercept must fire at the nearest enemy detachment in range and sight that they can damage.',
  ),
  rule(
    'NE-U01',
    'Antigrav',
    'Antigrav (skimmer)',
    "Les socles avec cette capacité ne peuvent être bloqués en Assaut que par d'autres socles Antigrav ou ayant la capacité Réacteurs Dorsaux dont la classe de blocage est équivalente ou supérieure. Contre d'autres socles, ils peuvent quitter l'Assaut en se déplaçant lors de leur phase de mouvement. … De plus, si le socle avec cette capacité reste (par choix ou car il a déjà bougé) en Assaut, il est considéré comme bloqué que pour ce tour seulement (si la classe de blocage de l'ennemie est supérieure ou égale). Cela signifie qu'il est considéré bloqué ce tour. … S'il survit, il peut se déplacer normalement au prochain tour. … Les socles avec cette capacité ignorent les zones de contrôle ennemies sauf celles de socles ayant les capacités Antigrav ou Réacteurs Dorsaux. Ils ignorent également les modificateurs de terrain lors de leur mouvement. … Ils ne peuvent pas terminer leur mouvement sur un terrain infranchissable (en fonction de leur classe de blocage).",
    'Blocked in an assault only by Antigrav or Réacteurs Dorsaux bases of its class or higher, and only in the turn it was engaged (ASSUMPTION: one of the two charged this turn); otherwise it may leave by moving (disengagement hits apply). It ignores enemy ZOCs except Antigrav / Réacteurs Dorsaux ones, and terrain costs while moving, but may not end on terrain impassable for its class.',
  ),
  rule(
    'NE-U41',
    'Infiltration',
    'Infiltration',
    "Ces socles sont furtifs et capables de s'approcher de l'ennemi avant que le combat ne commence. … Les socles de classe de Blocage 1 peuvent se déplacer du double de leur mouvement normal après que le déploiement ait été effectué et avant le premier tour. … Les socles des classes de Blocage 2 ou plus peuvent se déplacer d’un mouvement normal (non doublé). … Ce mouvement ne peut pas amener le socle dans la zone de contrôle d'un socle adverse. … Si les deux joueurs ont des socles avec Infiltration, chaque joueur jette un D6. … Le joueur ayant le score le plus élevé déplace un détachement puis c'est à son adversaire, puis de nouveau à lui et ainsi de suite en alternance.",
    'Before turn 1, each infiltrating detachment may move once: class 1 up to twice its move, class 2+ one move, never into an enemy ZOC. If both sides infiltrate, a D6 roll-off (ties re-rolled, ASSUMPTION) decides who moves a detachment first; then the sides alternate, and a side with none left lets the other move the rest. A detachment may decline.',
  ),
  rule(
    'NE-U68',
    'Robot : Avance',
    'Robots: Avance movement',
    "3) Un détachement avec des socles ayant la capacité Robot en Avance doit soit se diriger de son mouvement total vers le détachement ennemi le plus proche, soit se diriger de son mouvement total vers l'objectif le plus proche (au choix du joueur). … Les Robots pourront tirer sur les cibles du choix du joueur.",
    'Restricted robots on Avance: each base moves once, its full move in a straight line toward the nearest enemy detachment or the nearest objective (the player chooses), stopping short only where the rules stop it (contact, a ZOC, terrain, the objective reached). ASSUMPTION: judged per base.',
  ),
  rule(
    'NE-U69',
    'Robot : Charge',
    'Robots: Charge',
    "4) Un détachement avec des socles ayant la capacité Robot en Charge doit se déplacer vers le détachement ennemi le plus proche qu'il peut bloquer ou qui a déjà bougé ce tourci et l'engager en assaut si possible.",
    'Restricted robots on Charge must charge a base of the nearest enemy detachment they can block (class at most theirs) or that has already moved this turn, if they can reach it; otherwise they make the full forced move toward it.',
  ),
  rule(
    'NE-U70',
    'Rouleau',
    'Crush (steamroller)',
    "Les socles avec cette capacité en ordre de charge peuvent écraser d’autres socles d’une classe de blocage plus petite durant leur mouvement. … Au contact les socles de Classe 3 ou plus avec cette capacité provoquent une touche sur 4+ (qui peut être modifiée par différents malus comme pour une attaque de tir, tels que le bonus de couvert ou certaines capacités), si la cible survit, le mouvement est stoppé et un Assaut est engagé normalement. … Si la cible est détruite le mouvement se poursuit mais perd de son élan et la cible suivante sera touchée sur 5+, et une éventuelle troisième sur 6+. … La PA des touches dépend de la classe de blocage, les superlourds ont une PA 1 et les Classes 2 et 3 une PA de 0. … Si certains socles d'un détachement avec Rouleau réussissent leur touche mais pas les autres, ceux qui ont réussi peuvent tenter d'écraser les cibles de ceux qui ont échoués. … Si les cibles sont alors détruites, les socles ayant échoués à écraser ne sont donc pas engagés en Assaut et peuvent continuer d'écraser en suivant la règle (en perdant de l'élan donc). … Les socles de classe 2 avec cette capacité suivent la règle de manière similaire, mais avec une première touche sur 5+ au lieu de 4+ et une PA de 0.",
    'On Charge, a base may crush a lower-class enemy base it reaches (crush): 4+ for class 3+, 5+ for class 2, +1 per earlier attempt this turn (at most 3), worsened by cover; PA −1 for class 4+ (ASSUMPTION for 5+), 0 otherwise; normal save. A kill lets it move on; a survivor stops it and engages an assault. A friend that destroys the base that stopped it frees it.',
  ),
  rule(
    'NE-U71',
    'Sans moral',
    'No morale value',
    "Certaines troupes n'ont pas de valeur de moral, comme les robots ou les fanatiques sous l’influence de drogues de combat. … Ces troupes n'effectuent jamais de Test de Moral et ne sont pas non plus affectées par les pouvoirs qui agissent sur le moral, comme la Peur ou la Terreur. … Ne pas avoir de valeur de moral ce n’est pas comme disposer d’une valeur d’1+ ou réussir automatiquement ses Tests, cette précision est importante vis-à-vis de certains pouvoirs psychiques ou de nature Chaotiques.",
    'The detachment never takes a morale test and is unaffected by morale bonuses: it has no value, which is not the same as always passing.',
  ),
  rule(
    'NE-U72',
    'Sauvegarde Psychique (X+)',
    'Psychic save',
    'Un socle disposant de la capacité Sauvegarde Psychique (X+) peut utiliser cette sauvegarde contre une attaque psychique éthérée. … Elle fonctionne comme une sauvegarde normale mais uniquement contre les attaques psychiques éthérées.',
    'A save of X+ usable only against ethereal psychic attacks, which armour does not stop.',
  ),
  rule(
    'NE-U73',
    'Pas de malus en interception',
    'No interception penalty',
    "Le socle ne subit pas le malus de -1 pour toucher quand il effectue un tir d'interception.",
    'No −1 to hit on interception fire. The name of the row is uncertain.',
  ),
  rule(
    'NE-U74',
    'Pas de tir indirect',
    'No indirect fire',
    'Les socles avec cette capacité ne peuvent pas effectuer de tir indirect.',
    'These bases cannot fire indirectly, even with Artillerie weapons.',
  ),
  rule(
    'NE-U88',
    'Unité de Commandement : ordres',
    'Command unit: orders',
    "Les unités de commandement représentent les leaders et les troupes surentraînées de votre armée aux capacités supérieures à celles des troupes régulières. … Les unités de commandement reçoivent des ordres normalement. Cependant à la fin du mouvement (si le socle peut se déplacer), si le détachement était en ordre de Charge, il reçoit un ordre d'Avance pour le tir. … Si le détachement était en ordre d'Avance il reçoit un ordre de Tir Appuyé révélé (il ne bénéficiera donc pas de la relance des 1 lors de la phase de Combat).",
    'At the end of its move a command unit on Charge receives Avance for its fire, one on Avance a revealed Tir Appuyé (no re-roll of 1s). ASSUMPTION: the converted Tir Appuyé counts as Tir Appuyé for indirect fire.',
  ),
  rule(
    'NE-U89',
    'Unité de Commandement : moral',
    'Command unit: morale',
    "En terme de valeur de moral, sauf s'il est explicitement précisé le contraire, un socle avec la capacité Unité de Commandement a un moral de 3. … Ainsi si dans une formation ayant un moral de 6 se trouve un socle avec la capacité Unité de Commandement, celui-ci aura un moral de 6 et non de 3.",
    "A command unit's morale is 3 unless a value is stated (the formation's value replaces it).",
  ),
  rule(
    'NE-W01',
    'AA',
    'Anti-aircraft',
    "Les socles et armes avec cette capacité peuvent effectuer des tirs d'interception sans malus et tirent à 360°. De plus, les armes avec cette capacité ignorent le malus « cible difficile » pour tirer sur les cibles avec la capacité Volant. Les armes AA sont réalisées afin de toucher les cibles en altitude. … Pour cela, une arme avec la capacité AA touche avec un malus de 2 sauf si la cible a au moins une des caractéristiques suivantes : Volant, Flottant, Antigrav (seulement lors d’un mouvement au-dessus un décor nécessitant la capacité Antigrav ou en Attaque Surprise), Réacteurs Dorsaux (seulement lors d’un mouvement audessus un décor nécessitant la capacité Réacteurs Dorsaux) ou est de Classe de Blocage 5 ou plus. … Les malus pour toucher usuels s’appliquent toujours (par exemple le malus de couvert).",
    'AA weapons intercept without the −1 and fire 360°; they hit at −2 unless the target is an aircraft, class 5+, or an Antigrav / Réacteurs Dorsaux base intercepted while over terrain that needs the ability (ASSUMPTION: terrain a plain base of its class could not cross or would pay more for; Attaque Surprise is not modelled); cover still applies.',
  ),
  rule(
    'NE-W02',
    'Artillerie',
    'Artillery (indirect fire)',
    'Les armes et socles avec cette capacité peuvent effectuer des tirs indirects comme décrits p37.',
    'On Tir Appuyé, Artillerie weapons may fire indirectly (C8): no line of sight, −2 to hit (no observer implemented), the template scatters 2D6 cm unless the scatter die shows a hit.',
  ),
  rule(
    'NE-W03',
    'Dégâts (X)',
    'Damage (X)',
    'Les armes avec cette capacité font perdre X PdV supplémentaires en cas de sauvegarde ratée en plus du PdV de base. … Elles infligent donc 1+X PdV à la place de 1 PdV. … De plus, contre les socles avec une fiche de localisation, vous pouvez ajouter la valeur de Dégâts X au jet de dé de dommages.',
    'A failed save against this weapon costs 1 + X PdV; against a base with a location sheet (C10), X is also added to the location die (at most 6).',
  ),
  rule(
    'NE-W05',
    'Ignore les Couverts',
    'Ignores cover',
    "L'arme ignore les modificateurs pour toucher dus aux couverts des structures ou terrains.",
    'The cover to-hit malus does not apply.',
  ),
  rule(
    'NE-W06',
    'Instable',
    'Unstable',
    "Si vous obtenez un 1 sur le dé pour déterminer le nombre de dés d'attaque (ou de PB) d'une arme avec cette capacité, l'arme ne tire pas et le socle subit alors une touche de sa propre arme et doit réussir une sauvegarde avec le PA de l'arme. Jetez le D6 avant d'affecter vos dés d'attaque.",
    "The D6 of attack dice is rolled first; on a 1 the weapon does not fire and its own base takes one hit at the weapon's PA. The name of the row is inferred.",
  ),
  rule(
    'NE-W07',
    'Réduit les Couverts',
    'Reduces cover',
    'L’arme réduit les malus pour toucher dus aux couverts de 1 (1 passant à 0, 2 à 1, ...).',
    'The cover to-hit malus is reduced by 1 (−2 becomes −1, −1 becomes 0).',
  ),
  rule(
    'NE-W08',
    'Tourelle',
    'Turret',
    "Une arme avec la capacité Tourelle dispose d'un angle de tir de 360° quelle que soit la classe du socle.",
    'The weapon fires 360° whatever the class of its base.',
  ),
  rule(
    'NE-U16',
    'On y va !',
    'On y va! (teleport)',
    "On y va ! : Phase de Mouvement, à l'activation. Le Bizarboy peut déplacer des détachements à 15 cm de lui. Pour chaque détachement ainsi déplacé, déplacez les socles de 30 cm de leur position d'origine sans ligne de vue. Ce déplacement n'est pas un mouvement et ne peut donc pas être la cible d’une interception. Les détachements qui s’étaient déjà déplacés gardent leur ordre révélé, les autres reçoivent un ordre d’avance non Révélé. Il n’est pas possible d’engager un assaut avec « On y va! ». Les troupes transportées par des transports eux-mêmes déplacés par « On y va! » ne comptent pas dans le nombre de détachements déplacés et reçoivent leur ordre librement. Vous pouvez déplacer des troupes dans un transport sans déplacer le transport seulement si ce dernier à la capacité Toit Ouvert. Les socles bloqués en assaut ne peuvent pas être téléportés.",
    "In the Movement phase, at his activation, the Bizarboy moves up to the row's number of friendly detachments with a base within 15 cm: each base up to 30 cm from where it stood, no line of sight, no interception, no assault; those that already moved keep their revealed order, the others get a hidden Avance. Bases blocked in an assault cannot be moved. ASSUMPTIONS: each detachment moves by one vector (it keeps its formation); his own detachment is not moved.",
  ),
  rule(
    'NE-U17',
    "On y va ! (1-5 points d'énergie)",
    'On y va! (energy 1-5)',
    "On y va ! : Phase de Mouvement, à l'activation. Le Bizarboy peut déplacer des détachements à 15 cm de lui. … Points d'énergie\nClasse\nNombre de bandes … 1-5\n1\n1",
    '1–5 energy: one class-1 detachment.',
  ),
  rule(
    'NE-U18',
    "On y va ! (6-10 points d'énergie)",
    'On y va! (energy 6-10)',
    "On y va ! : Phase de Mouvement, à l'activation. Le Bizarboy peut déplacer des détachements à 15 cm de lui. … Points d'énergie\nClasse\nNombre de bandes … 6-10\n1 et 2\n1",
    '6–10 energy: one detachment of class 1 or 2.',
  ),
  rule(
    'NE-U19',
    "On y va ! (11-15 points d'énergie)",
    'On y va! (energy 11-15)',
    "On y va ! : Phase de Mouvement, à l'activation. Le Bizarboy peut déplacer des détachements à 15 cm de lui. … Points d'énergie\nClasse\nNombre de bandes … 11-15\n1 et 2\n2",
    '11–15 energy: two detachments of class 1 or 2.',
  ),
  rule(
    'NE-U20',
    "On y va ! (16-20 points d'énergie)",
    'On y va! (energy 16-20)',
    "On y va ! : Phase de Mouvement, à l'activation. Le Bizarboy peut déplacer des détachements à 15 cm de lui. … Points d'énergie\nClasse\nNombre de bandes … 16-20\n1,2 et 3\n2",
    '16–20 energy: two detachments of class 1 to 3.',
  ),
  rule(
    'NE-U21',
    "On y va ! (21-25 points d'énergie)",
    'On y va! (energy 21-25)',
    "On y va ! : Phase de Mouvement, à l'activation. Le Bizarboy peut déplacer des détachements à 15 cm de lui. … Points d'énergie\nClasse\nNombre de bandes … 21-25\n1,2,3 et 4\n2",
    '21–25 energy: two detachments of class 1 to 4, after the overload roll.',
  ),
  rule(
    'NE-U22',
    "On y va ! (26+ points d'énergie)",
    'On y va! (energy 26+)',
    "On y va ! : Phase de Mouvement, à l'activation. Le Bizarboy peut déplacer des détachements à 15 cm de lui. … Points d'énergie\nClasse\nNombre de bandes … 26+\nToutes\n3",
    '26 or more energy: three detachments of any class, after the overload roll.',
  ),
  rule(
    'NE-U02',
    'Attelage',
    'Towing',
    "Un socle avec la capacité Attelage peut remorquer un socle d'artillerie légère en plus de sa capacité de transport normale éventuelle. … Les Transports qui ne sont ni Volant, ni Flottant, ni Tunnelier ont de base la capacité Attelage. … Quand un socle est remorqué, il est considéré comme transporté par le socle qui le tracte et donc sujet au jet de sortie d'urgence. … Cela coûte également 5 cm à l'artillerie légère et au socle avec Attelage pour charger ou décharger. … L'artillerie pourra tirer le tour où elle est déchargée si elle a l'ordre d'Avance.",
    'A ground transport may tow one light artillery base on top of its load; hitching or unhitching costs 5 cm to both; a towed gun is carried (emergency exit) and may fire the turn it is unhitched on Avance.',
  ),
  rule(
    'NE-U75',
    'Toit Ouvert : tir depuis le transport',
    'Open-topped: firing out',
    "Le véhicule dispose d'une zone ouverte de tir qui permet aux troupes embarquées de tirer depuis le transport. … Les OA peuvent diriger des tirs indirects/d'artillerie horschamp depuis un Toit Ouvert.",
    'Bases carried in an open-topped transport fire out, ranges measured from the transport (ASSUMPTION).',
  ),
  rule(
    'NE-U76',
    'Toit Ouvert : assaut et interception',
    'Open-topped: assaults',
    "Les socles dans un Toit Ouvert peuvent tirer sur les socles engagés en Assaut avec le socle avec la capacité Toit Ouvert en subissant un malus de 1 pour toucher. … Les socles dans un Toit Ouvert peuvent effectuer un tir d'Interception contre les socles chargeant le transport sans le malus de 1 pour toucher comme si c'étaient eux qui étaient chargés. Les socles dans un Toit Ouvert ne peuvent pas être engagés en Assaut et ne peuvent pas consolider un Assaut.",
    'Passengers intercept bases charging their transport without the −1, and cannot be engaged themselves.',
  ),
  rule(
    'NE-U77',
    'Toit Ouvert : Tir Appuyé',
    'Open-topped: Tir Appuyé',
    "Les socles dans un Toit Ouvert en ordre de Tir Appuyé bénéficient de la relance des 1 sur les jets pour toucher même si le transport s'est déplacé, les socles dans le Toit Ouvert étant considérés comme n'ayant pas bougé.",
    'Passengers on Tir Appuyé keep the re-roll of 1s: they count as not having moved.',
  ),
  rule(
    'NE-U78',
    'Toit Ouvert : tir ennemi sans gabarit',
    'Open-topped: non-template fire',
    "De plus, quand un socle ennemi tire sur un transport Toit Ouvert avec une arme sans gabarit il doit choisir s'il cible le transport ou un des socles transportés qui bénéficie d'un malus de 1 pour être touché comme si le socle était dans un couvert léger. … Si le transport est détruit, les socles transportés peuvent effectuer une sortie d'urgence sur du 3+ au lieu de 4+ (les autres règles de la sortie d'urgence s'appliquent normalement).",
    'A non-template shot at an open-topped transport aims at the hull or at its passengers, who are hit at −1; passengers of a destroyed open-topped transport get out on 3+.',
  ),
  rule(
    'NE-U79',
    'Toit Ouvert : tir ennemi à gabarit',
    'Open-topped: template fire',
    "Si le socle ennemi utilise une arme à gabarit, le transport est touché normalement. Si le transport est détruit, les socles transportés peuvent effectuer une sortie d'Urgence sur du 3+ au lieu de 4+ (les autres règles de la sortie d'urgence s'appliquent normalement). … Si le transport n'est pas détruit, deux (maximum) des socles transportés sont touchés avec un malus de 1 pour toucher (les armes avec les capacités Ignore les Couverts et Réduit les Couverts ne subissent pas ce malus pour toucher).",
    'A template hits the hull; if it survives, up to two passengers (at random when more) are rolled against at −1, not with Ignore or Réduit les Couverts.',
  ),
  rule(
    'NE-U80',
    'Toit Ouvert : capacités',
    'Open-topped: abilities',
    'Les socles dans un Toit Ouvert peuvent utiliser leurs capacités normalement (y compris celles nécessitant une ligne de vue) sauf les capacités Médecin et Mécanicien.',
    'Passengers keep their abilities, except Médecin and Mécanicien.',
  ),
  rule(
    'NE-U85',
    'Transport : marcheurs et personnage gratuit',
    'Transport: walkers and a free character',
    'Les Transports ayant une capacité de transport de 6 ou plus peuvent transporter des Marcheurs, chaque Marcheur comptant alors pour 2 socles. … Un (et un seul) socle de Personnage peut entrer gratuitement dans un transport de capacité 6 ou plus (il ne compte pas pour une place occupée).',
    'A Transport (6+) may carry walkers, each counting 2, and one Personnage free.',
  ),
  rule(
    'NE-U86',
    'Transport : destruction aléatoire',
    'Transport: random wrecks',
    "Lorsque plusieurs socles d'un détachement de transport sont détruits et que le détachement ne transporte pas que des socles identiques ou que certains socles de Transport ne transportent pas toutes le même nombre de socles (par exemple si un groupe de 3 Rhinos transporte 5 socles, l'un des Rhinos ne transportera qu'un seul socle), déterminez aléatoirement quels transports sont détruits (et donc quelles troupes embarquées doivent tenter la sortie d'urgence).",
    'When one shooting destroys several transports of a detachment with different loads, which ones were destroyed is rolled at random (a D6 per transport, re-rolling one already picked).',
  ),
  rule(
    'NE-U87',
    'Transport ⇒ Attelage',
    'Transports tow',
    'Les socles ayant la capacité Transport qui ne sont ni volants, ni flottants, ni tunneliers ont également la capacité Attelage.',
    'Transports that are not Volant, Flottant or Tunnelier have Attelage (NE-U02).',
  ),
  rule(
    'NE-U43',
    'Intercepteur : création de zone',
    'Interceptor: zone',
    "[justifier]En plus de la possibilité d’engager un Assaut contre un Volant/Flottant normalement, les Volants/Flottants disposant de la capacité Intercepteur peuvent déclencher des Assauts immédiats (donc pendant la phase de mouvement) contre les Volants/Flottants … rentrant dans leur Zone d'Interception. [/justifier] … Quand il révèle son Ordre de Charge, il doit déclarer s'il crée une Zone d'Interception ou s'il engage en Assaut normalement. … 1) Un escadron de Volants avec la capacité Intercepteur doit recevoir un Ordre de Charge pour pouvoir créer une Zone d'Interception. … [justifier]Pendant la Phase de Mouvement Normal, activez l'escadron disposant d'un Ordre de Charge. … Ce détachement doit se déplacer de la moitié de son mouvement de base et doit finir ce mouvement à Haute Altitude. [/justifier] … L'escadron génère alors une Zone d'Interception qui s'étend à 25 cm autour de chaque socle de l'escadron, soit un cercle de 50 cm de diamètre autour de chaque socle. Conserver le Pion d'Ordre de Charge visible à côté du détachement pour indiquer qu'il peut réaliser une Interception Aérienne.",
    'On a Charge order an interceptor squadron may fly exactly half its move to High altitude and hold a zone of 25 cm around each base. ASSUMPTION: exactly half.',
  ),
  rule(
    'NE-U45',
    'Intercepteur : résolution',
    'Interception resolution',
    "3) Une fois les Intercepteurs arrivés en Assaut, on résout immédiatement une Phase d'Assaut entre les Intercepteurs et leur cible. … Après avoir retiré les pertes liées à l'Assaut, les Volants/Flottants ciblés survivants peuvent terminer leur mouvement et pourront utiliser leur armement normalement pour la suite du tour. … La Zone d'Interception des Intercepteurs est alors annulée, on retire leur Pion d'Ordre et ceux-ci ne pourront plus réaliser d'Interception pour ce tour. … A noter qu'à la fin de l'Assaut, les Intercepteurs survivants seront alors à la même Altitude que leur cible. … Les Intercepteurs comme leurs cibles comptent comme ayant déjà combattus en Assaut et peuvent donc subir des dés de surnombre normalement (que ce soit en Phase de Mouvement ou en Phase de Combat).",
    'The flight stops where the interceptors meet it; they are placed in base contact (one per target, extra ones outnumber) at its altitude and the assault is resolved at once; the zone and the counter are spent (ASSUMPTION: no Combat-phase action), and the survivors fly on.',
  ),
  rule(
    'NE-U46',
    'Intercepteur : interceptions multiples',
    'Chained interceptions',
    "4) Il est possible qu'un détachement de Volants/Flottants entrent dans plusieurs Zones d'Interception et donc subir plusieurs Interceptions d'affilée. … De même, il peut arriver que des Intercepteurs soient eux-même Interceptés par des Intercepteurs, que ce soit pendant leur mouvement d'Interception ou pendant leur mouvement initial.",
    "A flight may be stopped by each zone it crosses in turn. ASSUMPTIONS: an interceptor decision is taken once per flight and zone; the interceptors' own contact move is not fired upon.",
  ),
  rule(
    'NE-U47',
    'Intercepteur : fin de mouvement',
    'End-of-movement interception',
    "5) Si à la fin de la Phase de Mouvement, un détachement d'Intercepteurs n'a pas effectué son action d'Interception et que des détachements aériens ennemis se trouvent dans le rayon d'Interception, les Intercepteurs peuvent effectuer leur Interception contre l'un de ces détachements.",
    'Once every activation is over, each unused zone with an enemy air detachment inside it may intercept one. ASSUMPTION: a zone that lets them go is spent.',
  ),
  rule(
    'NE-U90',
    'Volant : Tir Appuyé',
    'Flyer: Tir Appuyé',
    "Tir Appuyé : Un Volant avec cet Ordre effectuera son mouvement normal et se posera au sol. Lorsqu'il se pose, le Volant se déplacera en effectuant des manœuvres d'esquive, il bénéficie alors d'un malus de 1 pour être touché (cumulatif avec le malus de la règle Cible Difficile) même contre les AA. Les socles qui débarquent ou embarquent dans le Volant perdent 5 cm à leur mouvement mais le Volant ne subira pas cette pénalité. Un Volant qui se pose au sol y restera pour le Tour complet et ne pourra décoller que le tour suivant avec un Ordre d'Avance ou de Charge. Un Volant au sol peut utiliser son armement tirant à 360° pour tirer pendant la Phase de Combat.",
    'Only a flyer with Transport takes Tir Appuyé: it flies, then lands (−1 to be hit during that flight, even by AA) and stays down that turn; landed, it fires its 360° weapons only.',
  ),
  rule(
    'NE-U91',
    'Volant : Avance',
    'Flyer: Avance',
    'Avance : Cela permet au Volant à Basse ou Haute Altitude de se déplacer et tirer pendant la Phase de Combat.',
    'A flyer on Avance flies and fires in the Combat phase.',
  ),
  rule(
    'NE-U92',
    'Volant : Charge',
    'Flyer: Charge',
    "Charge : Un Volant avec un Ordre de Charge peut engager d'autres Volants/Flottants à Basse ou Haute Altitude en Assaut. Le Volant effectuant cette Charge finira son mouvement à la même Altitude que les Volants/Flottants avec lesquels il aura engagé l'Assaut. Le Volant ne double pas son mouvement en Charge.",
    'A flyer on Charge may assault aircraft at Low or High altitude and ends at their altitude; its move is not doubled.',
  ),
  rule(
    'NE-U93',
    'Volant : Retraite',
    'Flyer: Retraite',
    "Retraite : L'ordre de Retraite a la même signification pour les Volants que pour les autres troupes sans doubler son mouvement.",
    'On Retraite a flyer flies half to all of its move, not doubled.',
  ),
  rule(
    'NE-U94',
    'Volant : sans ordre',
    'Flyer: no order',
    "Sans Ordre : Un Volant sans ordre (quelle que soit la raison) doit effectuer son mouvement minimal et uniquement celuici et pourra tirer comme s'il avait l'ordre d'Avance.",
    'With no order it flies exactly half its move and fires as on Avance.',
  ),
  rule(
    'NE-U95',
    'Volant : altitudes',
    'Flyer: altitudes',
    "1) Altitude : Un Volant débute la partie à l'Altitude de son choix et peut terminer son Mouvement à l'une des 3 Altitudes disponibles (Haute, Basse et au Sol). … Seuls les Volants disposant de la capacité \"Transport\" peuvent se poser au Sol. Lorsqu'un Volant change d'Altitude, on considérera que ce changement a lieu au milieu de son mouvement. … Les armes à Gabarits qui sont en contact avec un Volant à Haute ou Basse Altitude peuvent cibler les Flottants/Volants à la même altitude OU les socles au sol en dessous, pas les deux. Les socles d'un même détachement doivent être à la même altitude.",
    'High, Low or landed (only transports land); a change of altitude happens at the midpoint of the flight; a detachment flies at one altitude.',
  ),
  rule(
    'NE-U96',
    'Volant : au sol',
    'Flyer: landed',
    "Au sol : le socle est posé au sol, il peut débarquer ou embarquer des troupes. Il ne peut pas se poser dans une forêt, sur/dans des bâtiments, dans de l'eau ou autres terrains infranchissables. … Tant qu'il est posé au sol, il est considéré comme une cible terrestre de Classe de Blocage 3 (Véhicule) ou de Classe de blocage 4 (Superlourd) s'il a la capacité Superlourd.",
    'A landed flyer (dis)embarks troops; it never lands in a wood, a building, water or impassable ground; it is then a class-3 ground target.',
  ),
  rule(
    'NE-U97',
    'Volant : basse altitude',
    'Flyer: Low altitude',
    "Basse altitude : Seuls les socles avec les capacités Volant ou Flottant peuvent les engager en Assaut. Ils sont alors considérés en Basse Altitude pour le reste du tour. … Les socles avec les capacités Réacteurs Dorsaux/Antigrav peuvent débarquer sans difficulté mais ne peuvent pas embarquer. … Les armes à gabarit affectent soit les socles en l'air soit ceux au sol mais pas les deux en même temps. … En terme de ligne de vue, les Volants/Flottants en Basse Altitude sont considérés comme à 20 cm au dessus de la table. … Les Volants en Basse Altitude ne sont pas gênés par les éléments de décors lors de leur mouvement (ils passent par dessus).",
    'Only aircraft assault it; jump packs may leave it but nobody boards it; sight height 20 cm; terrain does not hinder it.',
  ),
  rule(
    'NE-U98',
    'Volant : haute altitude',
    'Flyer: High altitude',
    "Haute Altitude : le socle se trouve très haut dans le ciel et n'est pas gêné par les éléments de décors dans son déplacement. Seuls les autres flottants et volants peuvent l'engager en Assaut. … Les socles avec les capacités Réacteurs Dorsaux/Antigrav peuvent débarquer sans difficulté mais ne peuvent pas embarquer. … Les armes à gabarit affectent soit les socles en l'air soit ceux au sol mais pas les deux en même temps. … En terme de ligne de vue, les Volants/Flottants en Haute Altitude sont considérés comme à 40 cm au dessus de la table. … De plus, ajoutez 25 cm à la distance entre le Volant et sa cible/attaquant (sauf si la cible/attaquant est également en Haute Altitude aussi) pour déterminer la distance dans le cas d'une attaque à distance.",
    'As Low, sight height 40 cm, and 25 cm are added to the distance between it and a base that is not at High altitude.',
  ),
  rule(
    'NE-U99',
    'Volant : blocage et assaut',
    'Flyer: blocking and assault',
    "2) Classe de Blocage et Assaut : Les Volants ne peuvent pas être bloqués en Assaut, que ce soit au sol ou en l'air. … Au sol, ils comptent pour une classe 3 pour les ZdC sauf si une autre classe est précisée et peuvent être engagés par toute troupe terrestre. … Dans les airs, seuls les Volants et les Flottants peuvent engager les Volants en Assaut.",
    'A flyer is never blocked; landed it counts class 3 and any ground troops may assault it.',
  ),
  rule(
    'NE-U100',
    'Volant : mouvement',
    'Flyer: movement',
    "3) Mouvement : Les Volants s'activent normalement pendant la phase de Mouvement et la Phase de Combat. Un Volant doit se déplacer d'au moins la moitié de sa distance normale de mouvement à chaque tour, cette distance de Mouvement n'est jamais doublée lorsqu'il Charge. … Un Volant se déplace toujours en Ligne Droite et peut s'orienter dans la direction de son choix au début (et seulement au début) de son mouvement.",
    'One straight flight a turn of at least half and at most its move, never doubled. ASSUMPTION: a flyer with no legal flight may end its activation in place.',
  ),
  rule(
    'NE-U101',
    'Volant : transport',
    'Flyer: transport',
    "4) Transport : Les troupes sortant d'un Volant bénéficient de la règle Cible Difficile jusqu'à ce qu'elles touchent le sol. Si un Transporteur Aérien est détruit pendant son mouvement et que les socles transportés ont la capacité Réacteurs Dorsaux ou Antigrav, ils peuvent effectuer un Test de Sortie d'Urgence : s'il est réussi, poser les socles à moins de 6 cm de l'endroit où le transporteur a été détruit. … Les socles sans Réacteurs Dorsaux/Antigrav sont automatiquement détruits sans Sortie d'Urgence.",
    'An air transport shot down: jump packs roll their emergency exit and land within 6 cm; the others die.',
  ),
  rule(
    'NE-U102',
    'Volant : tir à 180°',
    'Flyer: 180° fire',
    "5) Tir à 180° : Les Volants ont un Arc de Tir Frontal de 180°. Les armes à Gabarits des Volants d'un même escadron ne combinent jamais leurs tirs.",
    'A flyer in the air fires in its front 180°.',
  ),
  rule(
    'NE-U103',
    'Volant : tir vers le sol',
    'Flyer: firing at the ground',
    '6) Tir vers le sol : Les Tirs directs des Volants bénéficient du bonus à la PA supplémentaire quand ils tirent sur les flanc ou dos des véhicules (comme un véhicule au sol).',
    'Its direct fire gets the flank and rear PA bonus against vehicles, judged from its position.',
  ),
  rule(
    'NE-U104',
    'Volant : tir depuis le sol',
    'Flyer: firing when landed',
    '7) Tir depuis le Sol : Un Volant posé au sol ne peut utiliser que ses armes à 360°.',
    'Landed, it fires only its 360° weapons.',
  ),
  rule(
    'NE-U106',
    'Volant : Cible Difficile',
    'Flyer: hard target',
    "9) Cible Difficile : Du fait de sa vitesse, les Volants en Basse ou Haute Altitude sont difficile à cibler pour les armes qui ne sont pas Anti-Aériennes. Pour représenter cela, tout tir sur des Volants (sauf ceux des armes AA) subiront un malus de 1 à leurs jets pour toucher. … Les armes sans la capacité AA ne peuvent viser les volants en Basse ou Haute Altitude (ou lors du mouvement d'atterrissage/décolage) que si elles sont en Tir Appuyé avec un angle de tir à 360° ou les armes d'un Titan en Tir Appuyé (même si elles n'ont pas un angle de tir de 360°). … Les armes d'un Prétorien qui n'ont pas un angle de tir de 360° ne peuvent pas cibler des Volants.",
    "Shots at aircraft in the air take −1 (not AA); non-AA weapons need Tir Appuyé and a 360° arc, or a Titan on Tir Appuyé; a Praetorian's fixed-arc weapons never.",
  ),

  // --- Issue #3 (epicB): OA, psykers, bombs, Démolition ----------------------------------------------------
  rule(
    'NE-U53',
    "OA : diriger l'artillerie",
    'Forward observer: directing fire',
    "Les OA sont les seules troupes capables de diriger un tir d'artillerie hors champ. Un OA peut diriger 3 tirs d'artillerie ou 2 tirs d'artillerie et un seul et unique tir d'artillerie hors champ. … Les OA ne peuvent pas diriger de tirs s’ils sont engagées en Assaut ni tirer et diriger un tir dans le même tour. … Un tir de barrage indirect dirigé par un Observateur Avancé dévie seulement d’1d6 cm au lieu de 2D6 cm.",
    'An OA directs up to 3 artillery shots a turn, or 2 and one off-table call; not while engaged in an assault, and not in a turn its detachment fired (then it does not fire itself). A directed indirect barrage scatters 1D6 cm instead of 2D6. ASSUMPTION: the OA must see a base of the target, and a directed shot counts as observed (−1 instead of −2, C8); one directed shooting action is one shot.',
  ),
  rule(
    'NE-U54',
    'OA : artillerie hors champ',
    'Off-table artillery call',
    "Pour appeler un tir d'artillerie hors champ, choisissez un OA et quelle Formation d'Artillerie Hors Champ de votre armée vous allez utiliser, placez le gabarit comme s'il s'agissait d'un tir indirect et jetez un dé. … Sur un 3+, le tir a lieu et est résolu normalement. … Le tir dévie alors de 2D6 cm. … Sinon le tir n'a pas lieu, la Formation n'est pas perdue et les Points de Destruction ne sont pas accordés à votre adversaire. … Dans tous les cas l'OA utilisé ne pourra pas dans ce tour faire d'autre tir Hors Champs. … Les tirs d'artillerie hors champ ne peuvent pas se cumuler. … Ils sont résolus séparément (déviation comprise) même s'ils sont dirigés sur une même cible. … Les tirs d'artillerie hors champ sont considérés comme venant de l'OA pour déterminer la direction du tir.",
    "An OA calls an off-table Formation on an enemy base: a D6, on 3+ each template scatters 2D6 cm and resolves on its own, the Formation is used up and its Destruction Points go to the opponent; on 1–2 nothing happens and the Formation stays. The OA's call is spent for the turn either way; arcs are judged from the OA.",
  ),
  rule(
    'NE-U55',
    'OA : transport et Cohérence Élargie',
    'Forward observer: transport and extended coherency',
    'Les OA ayant un transport assigné dans leur Formation ont la capacité Cohérence Elargie ainsi que leur transport.',
    'An OA and the transport of its detachment keep coherency up to 25 cm apart (C2).',
  ),
  rule(
    'NE-U59',
    'Psyker',
    'Psyker',
    "Les détails de ces pouvoirs sont donnés dans la description de la figurine (la plupart des Psykers ont trois pouvoirs et peuvent utiliser l’un d’eux par tour). … Un Psyker peut utiliser à la fois un pouvoir psychique et une arme conventionnelle en Phase de Combat. … Les Pouvoirs peuvent être utilisés même si le Psyker est engagé en Assaut. … Les pouvoirs s'utilisant en Phase de Combat nécessitent un ordre permettant de l'utiliser, les pouvoirs s'utilisant en Phase de Mouvement peuvent être utilisés quel que soit l'ordre.",
    "A psyker uses one of its profile's powers a turn, besides its weapons, even while engaged; a Combat-phase power needs an order that allows firing (not Charge). The sample Librarian's two powers are invented (ASSUMPTION).",
  ),
  rule(
    'NE-U60',
    'Pouvoirs physiques',
    'Physical powers',
    "Pouvoirs Physiques : ils représentent des forces tangibles qui occasionnent des dommages physiques. Ces pouvoirs fonctionnent comme une arme de tir normale avec un jet pour toucher, une Pénétration d'Armure et nécessitent une ligne de vue. … Comme ces pouvoirs sont physiques par nature, la Sauvegarde Psychique n’offre aucune protection, la sauvegarde d'armure classique si.",
    "A physical power is a ranged attack: to-hit roll, PA, line of sight, power fields; the armour save applies, a psychic save does not; it re-rolls 1s on Tir Appuyé and may be fired as interception fire (its psyker's one power of the turn).",
  ),
  rule(
    'NE-U61',
    'Pouvoirs éthérés',
    'Ethereal powers',
    "Pouvoirs Ethérés : ils ne créent pas de force physique dommageable. … Ils ne peuvent être annulés que par une Sauvegarde Psychique. Les PdV perdus par un Pouvoir Ethéré ne peuvent pas être récupérés par la capacité Régénération. Si la cible a une fiche de localisation, l'attaque touche toujours le pont/tête. Ces pouvoirs ne sont pas considérés comme des tirs et ne relancent pas les 1 en Tir Appuyé et ne peuvent pas être utilisés en Tir d'Interception.",
    'An ethereal power allows only a psychic save, its PdV are never regenerated, it strikes the head of a class-5+ target, and it is not a shot (no Tir Appuyé re-roll, no interception). ASSUMPTION: it rolls to hit with no modifier.',
  ),
  rule(
    'NE-U105',
    'Volant : bombardement',
    'Flyer: bombing',
    '8) Bombardement : Les Volants peuvent faire tomber de bombes à Gabarits pendant leur mouvement. Ces gabarits doivent être centrés sur la ligne de leur mouvement et leurs attaques sont résolues immédiatement. Ces attaques ne combinent pas leurs Points de Barrage. Le bombardement ne peut pas affecter des cibles aériennes.',
    'A flyer drops its bomb templates on its line of movement (within 0.5 cm) as its flight is declared; each resolves at once and on its own, and never hits aircraft in the air.',
  ),
  rule(
    'NE-W04',
    'Démolition',
    'Demolition',
    "Les attaques d'armes listées avec cette capacité forcent un bâtiment à effectuer une sauvegarde avec une PA égal à X. … Si cette sauvegarde échoue, le bâtiment perd un Point de Structure.",
    'Each hit (+2 to hit against a structure, C10) forces the building to save at PA X; a failure costs 1 Structure Point. ASSUMPTION: at 0 the building is rubble (light cover).',
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
