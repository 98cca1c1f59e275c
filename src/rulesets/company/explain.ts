/**
 * `explain(event)` for the `company` ruleset: the rule a step applied, by catalogue id
 * (shared/rules/004_hell_dorado.md), with its French source text and an English gloss of what the engine does.
 * `source` for the HD ids is the seed (shared/seeds/004_a9ab3ba3958915c8.txt) verbatim, whitespace collapsed (the
 * page breaks inside three sentences are joined); several passages are joined with " … ". The core rules (C*) are
 * not in the seed: their `source` is a French summary of core/company.md, marked as such.
 */
import type { Explanation, GameEvent } from '../../engine/contract';

/** Marks a `source` that is our French summary of a core rule, not a quotation of the seed. */
export const CORE = '(règle de base, résumé) ';

const rule = (id: string, fr: string, en: string, source: string, gloss: string): Explanation => ({
  rule: id,
  title: { fr, en },
  source,
  gloss,
});

const ENTRIES: Explanation[] = [
  rule(
    'HD-00',
    'Profils d’exemple',
    'Sample roster',
    "| CHARISME<br>TENACE | TENACE<br>TIR DÉFENSIF | GARDE DU CORPS<br>GUÉRISSEUR 3<br>TERREUR | ESQUIVE 2<br>FUYANT<br>ATTRACTION 3 | CHARISME<br>INSAISSABLE<br>MAITRE D'ARMES<br>TIR DÉFENSIF | ENNEMI JURÉ 2<br>(DÉMONS ET DAMNÉS)<br>FANATIQUE | TIREUR ENTRAÎNÉ |",
    "The seed's roster: seven Western combatants and their abilities. The seed prints no statistics: every profile value is a house value, and a parametric ability printed without X (Charisme, Maître d'arme, Tireur entraîné) takes X = 1 (ASSUMPTION).",
  ),
  rule(
    'HD-01',
    'Attraction X',
    'Attraction X',
    "Tous les adversaires situés à x toises ou moins du combattant sont obligés de venir à son contact lors de leur activation (ou de s'en rapprocher le plus possible – voir cependant les exceptions ci-dessous). … Cette capacité n'est valable que s'ils ne sont ni l'un ni l'autre déjà engagés au contact.",
    'Every adversary within X toises must, in its own activation, Charge or Assault into contact with the attractor (or Course as close as it can); it applies only if neither is engaged.',
  ),
  rule(
    'HD-02',
    'Attraction X : obstacles',
    'Attraction X: obstacles',
    "Si un combattant dispose d'Attraction mais se situe derrière des combattants alliés qui empêchent un combattant adverse de venir à son contact, ce dernier viendra alors au contact du défenseur auquel correspond la première zone de contrôle dans laquelle il entre pour se rapprocher du combattant qui possède Attraction. … Si un combattant dispose d'Attraction mais se situe derrière un terrain Impraticable pour celui qui devrait être affecté (et qu'il ne peut le contourner pour engager son adversaire durant son activation), la capacité n'a aucun effet et le combattant peut se déplacer normalement.",
    'Allies screening the attractor: the attracted combatant contacts the defender whose zone of control it enters first on the straight way. Impraticable terrain on the straight way: no effect (moves are straight lines: ASSUMPTION).',
  ),
  rule(
    'HD-03',
    'Attraction X : priorités',
    'Attraction X: precedence',
    "Un combattant qui se trouve à la fois dans une zone de contrôle et dans une zone d'attraction devra aller au contact du combattant qui l'attire (cela ne lui coûtera aucun point de Commandement). … Si le combattant se trouve dans plusieurs zones d'attraction, il peut choisir vers quel combattant il se dirige. … Les lémures ne sont pas affectés par cette capacité",
    'Attraction beats zones of control and costs no Commandement; with several attractors the player chooses; lémures are never attracted.',
  ),
  rule(
    'HD-04',
    'Charisme X',
    'Charisme X',
    "Tous les combattants alliés dans un rayon de 4 toises autour du combattant bénéficient d'un bonus de +x CBT. Un combattant ne peut bénéficier que d'un seul bonus de Charisme par passe d'armes (celui qui offre le plus de bonus).",
    'Allies within 4 toises get +X CBT (not the holder itself: ASSUMPTION); only the best Charisme counts; a Contrôlé holder has no aura.',
  ),
  rule(
    'HD-05',
    'Ennemi juré (mot-clé) X',
    'Sworn enemy (keyword) X',
    "Lorsqu'il affronte un adversaire spécifique (défini par le mot-clé), le combattant bénéficie d'un bonus de +x CBT et son adversaire bénéficie d'un bonus de +x divisé par deux (arrondi à l'entier supérieur) CBT.",
    '+X CBT against an adversary with the keyword, who gets +ceil(X/2) CBT; passes d’armes only (ASSUMPTION).',
  ),
  rule(
    'HD-06',
    'Esquive X',
    'Dodge X',
    "Dès que le combattant est contacté, il peut tenter une esquive. Lancez 1d6. Sur un résultat de x ou moins, le combattant est aussitôt déplacé jusqu'à une distance de 3 toises. Bien évidemment, le mouvement de l'adversaire cesse dès le contact. Il n'est possible de tenter qu'une seule Esquive par phase d'actions. Il est impossible de contacter un combattant adverse ou d'entrer dans une zone de contrôle adverse avec le mouvement de 3 toises de l'Esquive (on peut bien entendu sortir de la zone de contrôle de l'adversaire ainsi esquivé). Si le mouvement d'esquive ne peut pas être effectué, l'Esquive n'a pas lieu. Un combattant Mis au sol ou déjà engagé ne peut pas utiliser cette capacité.",
    'When contacted: 1d6 ≤ X moves it up to 3 toises to the legal spot farthest from the attacker (searched by the engine over 16 directions × 4 distances); the charger stays where contact was made. One attempt per phase d’actions; not when Mis au sol or already engaged; no attempt is spent if no legal spot exists.',
  ),
  rule(
    'HD-07',
    'Fanatique',
    'Fanatic',
    "Dès qu'il passe à l'état Blessé, le combattant n'est pas affecté par les modificateurs normaux de cet état mais par les modificateurs suivants : -1 DPT, -1 TIR, +1 CBT, +1 DEF (5 maximum), +1 FOI. Sur les cartes de recrutement, les valeurs « Fanatique » d'un combattant sont indiquées en rouge.",
    'Once Blessé: −1 DPT, −1 TIR, +1 CBT, +1 DEF (5 maximum), +1 FOI instead of the normal Blessé modifiers (−1 CBT, −1 DEF: ASSUMPTION).',
  ),
  rule(
    'HD-08',
    'Fuyant',
    'Slippery',
    "Lorsque le combattant annonce son intention de fuir un combat au contact, son adversaire subit un malus de -2 CBT à son jet d'attaque sans riposte de Fuite.",
    'The attaque sans riposte de Fuite against it is at −2 CBT.',
  ),
  rule(
    'HD-09',
    'Garde du corps',
    'Bodyguard',
    'Le combattant qui dispose de cette capacité augmente de 1 la Protection des alliés avec lesquels il est en contact. Cette capacité ne peut pas accroître la Protection des alliés au-dessus de 3 (si elle est déjà supérieure ou égale à 3, elle garde sa valeur normale). Ce bonus est appliqué après tous les autres : il est donc pris en compte après un éventuel bonus de couverture (ou de Résistance).',
    '+1 Protection to allies in contact with it, never above 3, applied after cover; several bodyguards do not add up (ASSUMPTION).',
  ),
  rule(
    'HD-10',
    'Guérisseur X',
    'Healer X',
    "Cette capacité est un pouvoir exténuant. Le combattant qui en dispose doit donc effectuer une action de Focalisation lors de son activation pour l'utiliser. Le combattant peut faire regagner x Points de vie à lui-même ou à un allié avec lequel il est en contact. Cette capacité ne peut pas être utilisée pour guérir un combattant Invulnérable.",
    'A Focalisation heals X PV to itself or an ally in contact, up to its starting PV (ASSUMPTION); not an Invulnérable combatant.',
  ),
  rule(
    'HD-11',
    'Insaisissable',
    'Elusive',
    "Le combattant n'est pas affecté par les zones de contrôle adverses. Il peut donc les traverser sans générer d'effet particulier. Cette capacité annule l'Attaque d'opportunité.",
    'Enemy zones of control have no effect on it: no stop, no Commandement, no Attaque d’opportunité.',
  ),
  rule(
    'HD-12',
    "Maître d'arme X",
    'Weapon master X',
    "Le combattant doté de cette capacité spéciale peut, une fois que son adversaire au contact a effectué toutes ses relances, l'obliger à relancer une fois x dés qui indiquent une touche. Note importante : cette capacité permet exceptionnellement de relancer des dés déjà relancés.",
    'After its adversary’s re-rolls, X of its dice showing a hit are re-rolled once, even dice already re-rolled. The engine always uses it (it can only help the master).',
  ),
  rule(
    'HD-13',
    'Tenace',
    'Tenacious',
    "Le combattant dispose d'un bonus de +1 CBT si un combattant entre en contact avec lui alors qu'il est en attente.",
    '+1 CBT in the passes arising from a contact made while it was en attente, during the activation of the combatant that made contact (ASSUMPTION).',
  ),
  rule(
    'HD-14',
    'Terreur',
    'Terror',
    "Les adversaires au contact de ce combattant sont affectés d'un malus de -1 CBT. Un combattant ne peut être affecté que par un seul malus de Terreur (le plus important).",
    'Adversaries in contact get −1 CBT, one Terreur malus at most.',
  ),
  rule(
    'HD-15',
    'Tir défensif',
    'Defensive fire',
    "Si le combattant est contacté alors qu'il est en attente, libre et disposant d'une attaque à distance disponible (arme utilisable et chargée), il peut effectuer un tir à bout portant sur son adversaire avant que ne débute la passe d'armes.",
    'Contacted while en attente, free and loaded: a point-blank shot at the contacting adversary before the passe d’armes, with the Tir rules (C3); it unloads a Rechargement weapon; not while Sonné (ASSUMPTION).',
  ),
  rule(
    'HD-16',
    'Tireur entraîné X',
    'Trained marksman X',
    "Le combattant reçoit un bonus de +x TIR s'il ne se déplace pas lors d'une action de Tir.",
    '+X TIR on a Tir action with no move.',
  ),
  rule(
    'HD-17',
    'Consumé',
    'Consumed',
    "Le combattant affecté perd x points de vie pendant les y prochaines phases d'entretien • En action de Focalisation le combattant peut stopper tous les effets Consumés qui ne sont pas durables Par défaut il est possible de perdre cet état prématurément. Le combattant affecté devra pour cela effectuer une action de Focalisation. Tous les états Consumés dont il pourrait être la victime sont stoppés immédiatement (et même s'ils sont de type différent). Par contre, si l'effet est durable, il se poursuivra nécessairement jusqu'à son terme. Les effets Consumés de types différents se cumulent. Lorsqu'un combattant est affecté par deux effets Consumés de même type, on modifie les valeurs x et y en prenant les plus hautes valeurs possibles.",
    'Loses x PV in each of the next y phases d’entretien (the start of each following turn); any Focalisation ends every non-durable Consumé; two of the same type merge to the highest x and y.',
  ),
  rule(
    'HD-18',
    'Contrôlé X',
    'Controlled X',
    "Le combattant qui entre dans cet état passe sous le contrôle du joueur adverse lors des ses x prochaines activations • Pas d'ordre • Actions limitées Le joueur qui prend le contrôle de ce combattant lui fera jouer ses x prochaines activations (en l'utilisant comme l'un de ses propres combattants lors de la phase d'actions). Tant qu'il n'a pas été activé, il compte comme un combattant en attente du camp de son nouveau propriétaire pour la règle d'infériorité numérique. Un combattant Contrôlé ne peut effectuer que l'un des ordres suivants : **Marche, Course, Assaut, Charge, Mêlée, Tir ou Fuite**. Un combattant Contrôlé ne peut pas recevoir ou donner d'ordre, il ne peut pas non plus utiliser ses auras ou invoker de lémures. Un combattant Contrôlé peut se déplacer rapidement en terrain difficile et sortir d'une zone de contrôle au coût de 1 point de Commandement qui sera payé par le joueur qui le contrôle à ce moment là.",
    'The opponent plays its next X activations with the seven orders only, counts it as its own waiting combatant, treats it as an ally, and pays 1 Commandement when it leaves a zone of control.',
  ),
  rule(
    'HD-19',
    'Immobilisé X',
    'Immobilised X',
    "-3 Défense • Pas d'action • Pas d'ordre • Pas d'attaque (contact ou distance) • Pas de zone de contrôle Un combattant Immobilisé ne peut rien faire lorsqu'il est activé. Il ne peut donc pas riposter s'il est attaqué au contact (toutes les passes d'armes contre lui sont des attaques sans riposte) et il fait une cible facile pour les tireurs. Il lui est impossible d'agir et de donner ou de recevoir des ordres. Un combattant Immobilisé n'a pas de zone de contrôle. Un combattant au contact avec un combattant Immobilisé n'est pas considéré comme étant engagé mais peut tout de même l'attaquer. Un combattant Immobilisé doit être activé x fois avant que cet état ne disparaisse. Chaque fois qu'un combattant Immobilisé est activé, un de ses adversaires (au choix du joueur qui les contrôle) à son contact bénéficie d'une attaque sans riposte contre lui.",
    '−3 DEF, no action, no zone of control; passes against it are without riposte; contact with it does not engage; each of its X activations gives one adversary in contact a free attack without riposte.',
  ),
  rule(
    'HD-20',
    'Mis au sol',
    'Knocked down',
    "-2 Combat • -2 Défense • Pas d'ordre • Pas d'action autre que celle de se relever • Pas de zone de contrôle • Se relève lors de sa prochaine activation Lors de sa prochaine activation après sa Mise au sol, le combattant devra se relever. Il ne pourra entreprendre aucune autre action et il ne pourra ni donner ni recevoir d'ordre. Si le combattant est attaqué au contact alors qu'il est au sol, il se relève immédiatement mais effectue la passe d'armes avec les malus de la mise au sol (-2 CBT et -2 DEF). S'il survit à cette attaque, on considère qu'il n'est plus Mis au sol (à moins qu'il ne soit de nouveau affecté par cet état). Si le combattant se relève alors qu'il est au contact d'un adversaire, on effectue immédiatement une passe d'armes avec les malus de la mise au sol. S'il survit à la passe d'armes, il se relève. Un combattant au sol n'a pas de zone de contrôle. Un combattant au contact avec un combattant mis au sol n'est pas considéré comme étant engagé mais peut tout de même l'attaquer.",
    '−2 CBT, −2 DEF, no zone of control, contact does not engage; its next activation is standing up (a passe at once if in contact); attacked in contact, it fights with the maluses and stands if it survives.',
  ),
  rule(
    'HD-21',
    'Ralenti X',
    'Slowed X',
    "-2 Déplacement • Activé en dernier Un combattant Ralenti sera toujours le dernier combattant de sa compagnie à être activé. Si plusieurs combattants d'une même compagnie sont Ralenti, une fois que les autres combattants auront été activés, le joueur pourra alors choisir l'ordre dans lequel il active ceux qui sont Ralenti. Même l'utilisation de Vae soli ne permettra pas au combattant d'agir plus tôt dans la phase d'actions. Un combattant ralenti doit être activé x fois avant que cet état ne disparaisse.",
    '−2 Déplacement; activated after every other waiting combatant of its company, even with Vae soli; X activations to clear.',
  ),
  rule(
    'HD-22',
    'Sonné X',
    'Stunned X',
    "-1 Combat • -1 Défense • Pas de tir • Pas d'ordre • Pas de zone de contrôle Il ne peut pas recevoir d'ordre ni en donner. Il ne peut pas effectuer d'action de Tir. Un combattant Sonné n'a pas de zone de contrôle. Un combattant sonné doit être activé x fois avant que cet état ne disparaisse.",
    '−1 CBT, −1 DEF, no Tir (nor Tir défensif: ASSUMPTION), no orders, no zone of control; X activations to clear.',
  ),
  rule(
    'HD-23',
    'Encombrante X',
    'Cumbersome X',
    "Dès la deuxième passe d'armes contre un même adversaire, le combattant équipé d'une arme qui possède cette capacité subit un malus de -x CBT. Ce malus n'est applicable que si le contact n'a pas été rompu par les combattants entre les deux passes d'armes.",
    '−X CBT from the second passe against the same adversary while contact is unbroken.',
  ),
  rule(
    'HD-24',
    'Premier choc X',
    'First strike X',
    "Ce combattant obtient un bonus de +x CBT lors de la première passe d'armes contre un adversaire avec lequel il vient d'entrer en contact ou qui vient d'entrer en contact avec lui.",
    '+X CBT in the first passe against an adversary it has just contacted or that has just contacted it.',
  ),
  rule(
    'HD-25',
    'Rechargement X',
    'Reload X',
    "Pour pouvoir tirer à nouveau avec l'arme qui possède cette capacité, le combattant doit effectuer x actions de Focalisation. Ces actions doivent être consécutives. Par souci de commodité, il est bon d'indiquer sur la carte du combattant le nombre d'action de Focalisation restant pour le rechargement (il est notamment possible d'utiliser des marqueurs ou de noter les actions directement sur les cartes de recrutement à l'endroit prévu). Toutes les armes qui possèdent cette capacité commencent la partie chargée. Si le combattant est engagé pendant son rechargement, il a deux possibilités : soit il combat normalement et repart à zéro dans le rechargement de son arme, soit il garde le bénéfice des actions de Focalisation déjà effectuées mais subit alors une attaque sans riposte de Focalisation.",
    'After a shot, X consecutive Focalisations reload (any other order restarts the count; the weapon starts loaded). Engaged while reloading with Focalisations made: fight normally and restart, or keep them and suffer the passe as an attaque sans riposte.',
  ),
  rule(
    'C1',
    'Profils',
    'Profiles',
    CORE +
      'Chaque combattant a une Déplacement (DPT), un Combat (CBT), une Défense (DEF), une Protection (PR), un Tir (TIR), une Foi (FOI), des Points de vie, un seuil de Blessé et un Commandement ; son arme porte une table de dégâts.',
    'Stats as named; DPT is taken as Déplacement (ASSUMPTION); weapons carry a damage table by number of hits (house values).',
  ),
  rule(
    'C2',
    "Passe d'armes",
    'Passe d’armes',
    CORE +
      'Chaque camp lance autant de d6 que son CBT modifié (au-delà de 5, chaque point est une relance, 10 au plus, chaque point au-delà de 10 inflige 1 dégât automatique) ; chaque dé supérieur ou égal à la DEF adverse touche ; les dégâts se lisent dans la table selon le nombre de touches, moins la Protection ; les résultats sont simultanés.',
    'Both roll modified CBT d6 and apply at once (attaque sans riposte: only the attacker); hits on ≥ DEF; damage from the table at the number of hits, minus PR once (ASSUMPTION), minimum 0; above 5 dice the extra points re-roll misses.',
  ),
  rule(
    'C3',
    'Tir',
    'Shooting',
    CORE +
      'Le tireur vise l’ennemi le plus proche, sauf s’il est à couvert avec une Protection au moins égale à sa Protection naturelle ou pris dans une mêlée ; la ligne de vue part du centre du socle.',
    'TIR d6 hit on ≥ DEF (ASSUMPTION), cover +1 PR (ASSUMPTION), nearest visible enemy in range (house ranges) with the two exceptions; a Tir may move up to DPT/2 first (ASSUMPTION).',
  ),
  rule(
    'C4',
    'Activations, Commandement, Domination',
    'Activations, Commandement, Domination',
    CORE +
      'Les joueurs activent un combattant à la fois ; le détenteur de la Domination choisit qui commence ; un camp ayant strictement moins de combattants en attente peut faire jouer l’adversaire, sauf à la première activation du tour.',
    'Alternate activations; the Domination holder chooses who starts; a side with strictly fewer waiting combatants may cede (not on the turn’s first activation); Vae soli (1 Commandement, ASSUMPTION) lets the side activate again right after.',
  ),
  rule(
    'C5',
    'Mouvements',
    'Movement',
    CORE + 'Les déplacements se mesurent en toises, peuvent être partiels et ne chevauchent jamais un socle.',
    'Marche DPT, Course 2×DPT, Assaut DPT + passe, Charge 2×DPT + passe, all straight (ASSUMPTION); difficult terrain costs double, and a rapid move (Course, Charge) through it costs 1 Commandement (ASSUMPTION); Impraticable terrain cannot be crossed.',
  ),
  rule(
    'C6',
    "Zones de contrôle, attaque d'opportunité, Fuite",
    'Zones of control, opportunity attack, Fuite',
    CORE +
      'La zone de contrôle s’étend à 1 toise du socle ; qui y entre s’arrête ou continue droit sur cet ennemi.',
    'ZOC 1 toise from the base edge; entering one stops the move unless it goes straight at that enemy; leaving one costs 1 Commandement or, by choice, gives each of those enemies an Attaque d’opportunité without riposte (ASSUMPTION); Fuite gives each adversary in contact an attaque sans riposte.',
  ),
  rule(
    'C7',
    'Blessé',
    'Wounded',
    CORE + 'Un combattant est Blessé quand il lui reste un nombre donné de Points de vie ou moins.',
    'Blessé at the profile’s threshold; −1 CBT, −1 DEF (ASSUMPTION); 0 PV kills.',
  ),
  rule(
    'C8',
    'Focalisation',
    'Focalisation',
    CORE + 'Une action de Focalisation permet d’utiliser un pouvoir exténuant.',
    'The activation’s one action: it ends non-durable Consumé, advances a reload, and may use one exhausting power (Guérisseur, the house power Envoûtement).',
  ),
  rule(
    'C9',
    "Phase d'entretien",
    'Upkeep',
    CORE +
      'Au début de chaque tour, la phase d’entretien rend au Commandement sa valeur de base, règle la Domination et applique les effets d’entretien.',
    'Start of each turn: Commandement refilled, Consumé ticks, Domination to the side that killed more last turn (a tie keeps it: ASSUMPTION).',
  ),
  rule(
    'C10',
    'Mots-clés',
    'Keywords',
    CORE + 'Les profils portent des mots-clés (lémure, Démons et Damnés).',
    'Keywords are tags on profiles.',
  ),
  rule(
    'C11',
    'Victoire',
    'Victory',
    CORE + 'Le scénario fixe le nombre de tours et les objectifs.',
    'After the last turn (or a wipe-out): kill points (the profile’s points) plus objectives held (a side alone within 1 toise); more points wins (ASSUMPTION).',
  ),
];

export const COMPANY_RULES: Record<string, Explanation> = Object.fromEntries(ENTRIES.map((e) => [e.rule, e]));

/** The first rule an event names (events may name several, comma-separated: the first is the step itself). */
export function explainCompany(event: GameEvent): Explanation {
  const id = event.rule.split(',')[0]!.trim();
  return (
    COMPANY_RULES[id] ?? {
      rule: id,
      title: { fr: 'Règle inconnue', en: 'Unknown rule' },
      source: '',
      gloss: `No text for rule ${id}.`,
    }
  );
}
