// The rules page in English. Every language has the same sections, with the same ids and the
// same shape (tests/web/i18n.test.mjs checks it).
export default {
  sections: [
    {
      id: 'what',
      title: 'What Phantom Go is',
      blocks: [
        {
          p: 'Phantom Go is Go played with hidden information. Each player sees only their own stones. A referee keeps the real board, with the stones of both colours, and judges every move.',
        },
        {
          p: 'On your turn you choose a point and try to play there. If a stone there would be legal on the real board, it is played, and your turn is over. If it would not be legal, the referee says only "illegal". You do not learn why: the point may hold a stone of your opponent, the stone may have no liberties, or it may break the ko rule. You stay on turn and try another point.',
        },
        {
          p: 'So every refusal is a clue. Good players read the announcements the way a detective reads a scene: where did my opponent have trouble, which of my stones vanished, where can their groups be?',
        },
      ],
    },
    {
      id: 'turn',
      title: 'One turn, step by step',
      blocks: [
        {
          ol: [
            'Choose a point and try it, or pass, or resign.',
            'If the stone is legal on the real board, it is played, captures are taken off, and the turn passes to your opponent.',
            'If it is illegal, the referee answers "illegal", the point is marked on your board, and you try again.',
            'Each point can be tried only once per turn, so every turn ends. Passing is always allowed.',
            'Trying a point where you can see your own stone, or one you already tried this turn, is not a try at all: nothing happens and nothing is announced.',
          ],
        },
      ],
    },
    {
      id: 'differences',
      title: 'How it differs from ordinary Go',
      blocks: [
        {
          table: {
            caption: 'Ordinary Go and Phantom Go side by side',
            head: ['', 'Ordinary Go', 'Phantom Go'],
            rows: [
              ['What you see', 'The whole board, both colours.', 'Your own stones and any handicap stones. Your opponent learns only that you moved, not where.'],
              ['Illegal moves', 'You can see them, so you never make them.', 'You find them by trying. The referee says "illegal" without a reason, and you try again. Your opponent hears that a try of yours was rejected, but not where.'],
              ['Captures', 'You take the stones off and everyone sees it.', 'The referee announces the points of every captured stone to both players. The point of the capturing stone stays secret.'],
              ['Passing and the end', 'Two passes in a row end the game; the players agree on dead stones.', 'Two passes in a row end the game as well. Then the whole board is revealed, with every try of both players, and it is counted as it stands: there is no phase for removing dead stones.'],
              ['Komi', 'Depends on the rule set, usually 6.5 or 7.5.', '7.5 on every board size, or 0.5 with handicap stones. The table may set another value.'],
              ['Scoring', 'Territory or area, depending on the rule set.', 'Area scoring: your stones on the board plus the empty points that only your stones reach. White adds komi.'],
            ],
          },
        },
        {
          p: 'Both players may count how many stones the other has on the board, since every move and capture is announced. This page shows the count for you.',
        },
      ],
    },
    {
      id: 'variants',
      title: 'Handicap, Atari Go and torus',
      blocks: [
        {
          p: 'Handicap: Black places 2 or more stones on the usual handicap points before the game, and White moves first. Handicap stones are public: both players and spectators see them, until they are captured. Komi becomes 0.5 unless the table says otherwise.',
        },
        {
          p: 'Atari Go: the first capture wins the game at once, and the board is revealed. In the dark this is tense: a single careless stone can lose everything. If both players pass before any capture, the board is counted as usual.',
        },
        {
          p: 'Torus: the board wraps around. The left edge touches the right edge and the top touches the bottom, so every point has four neighbours and there are no corners. Captures, ko, suicide and counting all follow the wrapped board. This site draws a margin of wrapped lines around the board, so you can see and play across the seams.',
        },
        {
          p: 'All of these can be combined: a handicap game of Atari Go on a torus is a valid table.',
        },
      ],
    },
    {
      id: 'site',
      title: 'Playing on this site',
      blocks: [
        {
          ul: [
            'Online: create a table and send the link for the other seat. A third link lets anyone watch. Spectators see only the handicap stones and the announcements until the end.',
            'Against the computer: the program plays by the same rules and sees only its own stones.',
            'Two players on one device: between turns a curtain covers the board and names the player who should take the device.',
            'Guess marks: you may mark the points where you think hidden stones are. Only you see them.',
            'Keyboard: the arrow keys move over the board, Enter tries a point, M sets or clears a guess mark, and Tab reaches the buttons.',
            'At the end you can replay every turn, every try included, as Black saw it, as White saw it, and as it really was, and download the game as SGF.',
          ],
        },
      ],
    },
    {
      id: 'history',
      title: 'A little history',
      blocks: [
        {
          p: 'Phantom Go is the Go relative of Kriegspiel, the chess variant in which each player sees only their own pieces and an umpire decides whether a move is possible. Over a real table it needs three boards: one for each player, hidden from the other, and one for the referee, who holds the true position and answers each try.',
        },
        {
          p: 'The game became a topic of computer research in 2005, when Tristan Cazenave described a Phantom Go program based on Monte-Carlo methods: it plays many random games on boards where the unseen stones are guessed, and chooses the move that does best on average.',
        },
        {
          p: 'From 2007 the Computer Olympiad included a Phantom Go event. The first one was held in Amsterdam and was won by Golois.',
        },
      ],
    },
  ],
};
