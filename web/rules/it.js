// La pagina delle regole in italiano.
export default {
  sections: [
    {
      id: 'what',
      title: 'Che cos’è il Phantom Go',
      blocks: [
        {
          p: 'Il Phantom Go è il Go con informazione nascosta. Ogni giocatore vede soltanto le proprie pietre. Un arbitro tiene il goban vero, con le pietre di entrambi i colori, e giudica ogni mossa.',
        },
        {
          p: 'Quando è il tuo turno scegli un punto e provi a giocarci. Se la pietra è legale sul goban vero, viene giocata e il tuo turno finisce. Se non lo è, l’arbitro dice soltanto «illegale». Non sai perché: forse c’è una pietra dell’avversario, forse la pietra non avrebbe libertà, forse violerebbe la regola del ko. Resti di turno e provi un altro punto.',
        },
        {
          p: 'Ogni rifiuto è quindi un indizio. I buoni giocatori leggono gli annunci come un investigatore legge una scena: dove ha avuto difficoltà l’avversario, quali mie pietre sono sparite, dove possono trovarsi i suoi gruppi?',
        },
      ],
    },
    {
      id: 'turn',
      title: 'Un turno, passo dopo passo',
      blocks: [
        {
          ol: [
            'Scegli un punto e prova a giocarci, oppure passa, oppure abbandona.',
            'Se la pietra è legale sul goban vero, viene giocata, le pietre catturate vengono tolte e il turno passa all’avversario.',
            'Se è illegale, l’arbitro risponde «illegale», il punto viene segnato sul tuo goban e tu riprovi.',
            'Ogni punto si può provare una sola volta per turno, quindi ogni turno finisce. Passare è sempre permesso.',
            'Provare un punto dove vedi una tua pietra, o uno già provato in questo turno, non è un tentativo: non succede nulla e nulla viene annunciato.',
          ],
        },
      ],
    },
    {
      id: 'differences',
      title: 'In che cosa differisce dal Go normale',
      blocks: [
        {
          table: {
            caption: 'Il Go normale e il Phantom Go a confronto',
            head: ['', 'Go normale', 'Phantom Go'],
            rows: [
              ['Che cosa vedi', 'Tutto il goban, entrambi i colori.', 'Le tue pietre e le eventuali pietre di handicap. L’avversario sa soltanto che hai mosso, non dove.'],
              ['Mosse illegali', 'Le vedi, quindi non le giochi mai.', 'Le scopri provando. L’arbitro dice «illegale» senza spiegare, e tu riprovi. L’avversario sente che un tuo tentativo è stato respinto, ma non dove.'],
              ['Catture', 'Le pietre vengono tolte e tutti lo vedono.', 'L’arbitro annuncia a entrambi i punti di ogni pietra catturata. Il punto della pietra che cattura resta segreto.'],
              ['Passare e la fine', 'Due passaggi di seguito chiudono la partita; i giocatori concordano le pietre morte.', 'Anche qui due passaggi di seguito chiudono la partita. Poi tutto il goban viene svelato, con ogni tentativo di entrambi, e si conta così com’è: non c’è una fase per togliere le pietre morte.'],
              ['Komi', 'Dipende dal regolamento, di solito 6,5 o 7,5.', '7,5 su ogni dimensione, oppure 0,5 con pietre di handicap. Il tavolo può fissare un altro valore.'],
              ['Punteggio', 'Territorio o area, secondo il regolamento.', 'Punteggio ad area: le tue pietre sul goban più i punti vuoti raggiunti solo dalle tue pietre. Il Bianco aggiunge il komi.'],
            ],
          },
        },
        {
          p: 'Entrambi possono contare quante pietre ha l’altro sul goban, perché ogni mossa e ogni cattura vengono annunciate. Questa pagina mostra il conto per te.',
        },
      ],
    },
    {
      id: 'variants',
      title: 'Handicap, Atari Go e goban toroidale',
      blocks: [
        {
          p: 'Handicap: prima della partita il Nero mette 2 o più pietre sui soliti punti di handicap, e il Bianco muove per primo. Le pietre di handicap sono pubbliche: le vedono entrambi i giocatori e gli spettatori, finché non vengono catturate. Il komi diventa 0,5, salvo diversa scelta del tavolo.',
        },
        {
          p: 'Atari Go: la prima cattura vince subito la partita e il goban viene svelato. Al buio è una tensione continua: una sola pietra imprudente può far perdere tutto. Se entrambi passano prima di qualsiasi cattura, si conta come al solito.',
        },
        {
          p: 'Goban toroidale: il goban si richiude su sé stesso. Il bordo sinistro tocca quello destro e quello in alto tocca quello in basso, così ogni punto ha quattro vicini e non ci sono angoli. Catture, ko, suicidio e conteggio seguono il goban richiuso. Questo sito disegna intorno al goban un margine di linee ripetute, così puoi vedere e giocare attraverso le cuciture.',
        },
        {
          p: 'Tutto si può combinare: una partita di Atari Go con handicap su un goban toroidale è un tavolo valido.',
        },
      ],
    },
    {
      id: 'site',
      title: 'Giocare su questo sito',
      blocks: [
        {
          ul: [
            'Online: crea un tavolo e manda il link dell’altro posto. Un terzo link permette a chiunque di guardare. Gli spettatori vedono solo le pietre di handicap e gli annunci fino alla fine.',
            'Contro il computer: il programma gioca con le stesse regole e vede solo le proprie pietre.',
            'In due sullo stesso dispositivo: tra un turno e l’altro una tenda copre il goban e dice chi deve prendere il dispositivo.',
            'Segni di ipotesi: puoi segnare i punti dove pensi che ci siano pietre nascoste. Li vedi solo tu.',
            'Tastiera: le frecce spostano il cursore sul goban, Invio prova a giocare su un punto, M mette o toglie un segno, e Tab raggiunge i pulsanti.',
            'Alla fine puoi rivedere ogni turno, tentativi compresi, come lo vedeva il Nero, come lo vedeva il Bianco e com’era davvero, e scaricare la partita in SGF.',
          ],
        },
      ],
    },
    {
      id: 'history',
      title: 'Un po’ di storia',
      blocks: [
        {
          p: 'Il Phantom Go è il parente nel Go del Kriegspiel, la variante degli scacchi in cui ogni giocatore vede solo i propri pezzi e un arbitro decide se una mossa è possibile. Dal vivo servono tre goban: uno per ciascun giocatore, nascosto all’altro, e uno per l’arbitro, che conosce la posizione vera e risponde a ogni tentativo.',
        },
        {
          p: 'Il gioco è diventato un tema di ricerca informatica nel 2005, quando Tristan Cazenave ha descritto un programma di Phantom Go basato sui metodi Monte Carlo: gioca molte partite casuali su goban in cui le pietre invisibili sono ipotizzate, e sceglie la mossa che in media va meglio.',
        },
        {
          p: 'Dal 2007 la Computer Olympiad ha avuto una gara di Phantom Go. La prima si è svolta ad Amsterdam ed è stata vinta da Golois.',
        },
      ],
    },
  ],
};
