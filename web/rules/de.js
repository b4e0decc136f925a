// Die Regelseite auf Deutsch.
export default {
  sections: [
    {
      id: 'what',
      title: 'Was Phantom-Go ist',
      blocks: [
        {
          p: 'Phantom-Go ist Go mit verborgener Information. Jede Seite sieht nur die eigenen Steine. Ein Schiedsrichter führt das wirkliche Brett mit den Steinen beider Farben und beurteilt jeden Zug.',
        },
        {
          p: 'Wer am Zug ist, wählt einen Punkt und versucht, dort zu setzen. Ist der Stein auf dem wirklichen Brett zulässig, wird er gespielt, und der Zug ist vorbei. Ist er unzulässig, sagt der Schiedsrichter nur „unzulässig“. Den Grund erfährst du nicht: Vielleicht steht dort ein Stein des Gegners, vielleicht hätte der Stein keine Freiheit, vielleicht verletzt er die Ko-Regel. Du bleibst am Zug und versuchst einen anderen Punkt.',
        },
        {
          p: 'Jede Abweisung ist also ein Hinweis. Gute Spieler lesen die Ansagen wie eine Detektivin einen Tatort: Wo hatte der Gegner Schwierigkeiten, welche meiner Steine sind verschwunden, wo können seine Gruppen stehen?',
        },
      ],
    },
    {
      id: 'turn',
      title: 'Ein Zug, Schritt für Schritt',
      blocks: [
        {
          ol: [
            'Wähle einen Punkt und versuche, dort zu setzen, oder passe, oder gib auf.',
            'Ist der Stein auf dem wirklichen Brett zulässig, wird er gespielt, gefangene Steine werden entfernt, und der Gegner ist am Zug.',
            'Ist er unzulässig, antwortet der Schiedsrichter „unzulässig“, der Punkt wird auf deinem Brett markiert, und du versuchst es erneut.',
            'Jeder Punkt darf pro Zug nur einmal versucht werden, also endet jeder Zug. Passen ist immer zulässig.',
            'Ein Punkt, auf dem du deinen eigenen Stein siehst, oder einer, den du in diesem Zug schon versucht hast, zählt nicht als Versuch: Es passiert nichts, und nichts wird angesagt.',
          ],
        },
      ],
    },
    {
      id: 'differences',
      title: 'Was anders ist als beim gewöhnlichen Go',
      blocks: [
        {
          table: {
            caption: 'Gewöhnliches Go und Phantom-Go im Vergleich',
            head: ['', 'Gewöhnliches Go', 'Phantom-Go'],
            rows: [
              ['Was du siehst', 'Das ganze Brett, beide Farben.', 'Deine eigenen Steine und die Vorgabesteine. Der Gegner erfährt nur, dass du gezogen hast, nicht wohin.'],
              ['Unzulässige Züge', 'Du siehst sie und machst sie deshalb nie.', 'Du findest sie durch Versuchen. Der Schiedsrichter sagt „unzulässig“ ohne Grund, und du versuchst es noch einmal. Der Gegner hört, dass ein Versuch von dir abgewiesen wurde, aber nicht wo.'],
              ['Gefangennahme', 'Die Steine werden entfernt, und alle sehen es.', 'Der Schiedsrichter sagt beiden Seiten die Punkte jedes gefangenen Steins an. Der Punkt des Steins, der gefangen hat, bleibt geheim.'],
              ['Passen und Ende', 'Zweimal Passen hintereinander beendet die Partie; tote Steine werden einvernehmlich bestimmt.', 'Auch hier beendet zweimal Passen die Partie. Dann wird das ganze Brett aufgedeckt, mit jedem Versuch beider Seiten, und gezählt, wie es steht: Es gibt keine Phase zum Entfernen toter Steine.'],
              ['Komi', 'Je nach Regelwerk, meist 6,5 oder 7,5.', '7,5 auf jeder Brettgröße, mit Vorgabesteinen 0,5. Der Tisch kann einen anderen Wert festlegen.'],
              ['Zählung', 'Gebiet oder Fläche, je nach Regelwerk.', 'Flächenwertung: deine Steine auf dem Brett plus die leeren Punkte, die nur deine Steine erreichen. Weiß erhält Komi dazu.'],
            ],
          },
        },
        {
          p: 'Beide Seiten können zählen, wie viele Steine der andere auf dem Brett hat, denn jeder Zug und jede Gefangennahme wird angesagt. Diese Seite zeigt die Zahl für dich an.',
        },
      ],
    },
    {
      id: 'variants',
      title: 'Vorgabe, Atari-Go und Torus',
      blocks: [
        {
          p: 'Vorgabe: Schwarz setzt vor der Partie 2 oder mehr Steine auf die üblichen Vorgabepunkte, und Weiß beginnt. Vorgabesteine sind öffentlich: Beide Seiten und die Zuschauer sehen sie, bis sie gefangen werden. Das Komi beträgt dann 0,5, wenn der Tisch nichts anderes festlegt.',
        },
        {
          p: 'Atari-Go: Die erste Gefangennahme gewinnt sofort, und das Brett wird aufgedeckt. Im Dunkeln ist das spannend: Ein einziger unvorsichtiger Stein kann alles kosten. Passen beide Seiten vor der ersten Gefangennahme, wird wie üblich gezählt.',
        },
        {
          p: 'Torus: Das Brett schließt sich. Der linke Rand grenzt an den rechten, der obere an den unteren, also hat jeder Punkt vier Nachbarn, und es gibt keine Ecken. Gefangennahme, Ko, Selbstmord und Zählung folgen dem geschlossenen Brett. Diese Seite zeichnet um das Brett einen Rand, der die Linien der gegenüberliegenden Seite wiederholt, sodass du über die Nähte hinweg sehen und spielen kannst.',
        },
        {
          p: 'Alles lässt sich kombinieren: Eine Vorgabepartie Atari-Go auf dem Torus ist ein gültiger Tisch.',
        },
      ],
    },
    {
      id: 'site',
      title: 'Spielen auf dieser Seite',
      blocks: [
        {
          ul: [
            'Online: Erstelle einen Tisch und schicke den Link für den anderen Platz. Ein dritter Link erlaubt allen das Zuschauen. Zuschauer sehen bis zum Ende nur die Vorgabesteine und die Ansagen.',
            'Gegen den Computer: Das Programm spielt nach denselben Regeln und sieht nur seine eigenen Steine.',
            'Zu zweit an einem Gerät: Zwischen den Zügen verdeckt ein Vorhang das Brett und nennt, wer das Gerät nehmen soll.',
            'Vermutungen: Du kannst Punkte markieren, auf denen du verborgene Steine vermutest. Nur du siehst sie.',
            'Tastatur: Die Pfeiltasten bewegen über das Brett, die Eingabetaste versucht dort einen Zug, M setzt oder löscht eine Vermutung, und mit Tab erreichst du die Knöpfe.',
            'Am Ende kannst du jeden Zug mit jedem Versuch nachspielen, so wie Schwarz ihn sah, wie Weiß ihn sah und wie er wirklich war, und die Partie als SGF herunterladen.',
          ],
        },
      ],
    },
    {
      id: 'history',
      title: 'Ein wenig Geschichte',
      blocks: [
        {
          p: 'Phantom-Go ist der Verwandte des Kriegspiels im Go, jener Schachvariante, in der jede Seite nur die eigenen Figuren sieht und ein Schiedsrichter entscheidet, ob ein Zug möglich ist. Am Spieltisch braucht man drei Bretter: eines für jede Seite, vor der anderen verborgen, und eines für den Schiedsrichter, der die wirkliche Stellung kennt und jeden Versuch beantwortet.',
        },
        {
          p: 'Zum Thema der Computerforschung wurde das Spiel 2005, als Tristan Cazenave ein Phantom-Go-Programm auf Grundlage von Monte-Carlo-Methoden beschrieb: Es spielt viele zufällige Partien auf Brettern, auf denen die unsichtbaren Steine geschätzt werden, und wählt den Zug, der im Durchschnitt am besten abschneidet.',
        },
        {
          p: 'Ab 2007 hatte die Computer-Olympiade einen Wettbewerb in Phantom-Go. Der erste fand in Amsterdam statt und wurde von Golois gewonnen.',
        },
      ],
    },
  ],
};
