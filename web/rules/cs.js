// Stránka pravidel v češtině.
export default {
  sections: [
    {
      id: 'what',
      title: 'Co je Phantom Go',
      blocks: [
        {
          p: 'Phantom Go je go se skrytou informací. Každý hráč vidí jen své vlastní kameny. Rozhodčí vede skutečnou desku s kameny obou barev a posuzuje každý tah.',
        },
        {
          p: 'Když jsi na tahu, vybereš bod a zkusíš na něj zahrát. Pokud by tam byl kámen na skutečné desce platný, zahraje se a tvůj tah končí. Pokud by platný nebyl, rozhodčí řekne jen „neplatný“. Proč, to se nedozvíš: možná tam stojí soupeřův kámen, možná by kámen neměl žádnou svobodu, možná by porušil pravidlo ko. Zůstáváš na tahu a zkoušíš jiný bod.',
        },
        {
          p: 'Každé odmítnutí je tedy stopa. Dobří hráči čtou oznámení jako detektiv místo činu: kde má soupeř potíže, které moje kameny zmizely, kde mohou stát jeho skupiny?',
        },
      ],
    },
    {
      id: 'turn',
      title: 'Jeden tah krok za krokem',
      blocks: [
        {
          ol: [
            'Vyber bod a zkus ho, nebo pasuj, nebo se vzdej.',
            'Je-li kámen na skutečné desce platný, zahraje se, zajaté kameny se odeberou a na tahu je soupeř.',
            'Je-li neplatný, rozhodčí odpoví „neplatný“, bod se na tvé desce označí a zkoušíš znovu.',
            'Každý bod lze v jednom tahu zkusit jen jednou, takže každý tah skončí. Pasovat lze vždy.',
            'Bod, na kterém vidíš svůj vlastní kámen, nebo bod, který už byl v tomto tahu zkoušen, se za pokus nepočítá: nic se nestane a nic se neoznámí.',
          ],
        },
      ],
    },
    {
      id: 'differences',
      title: 'Čím se liší od obyčejného go',
      blocks: [
        {
          table: {
            caption: 'Obyčejné go a Phantom Go vedle sebe',
            head: ['', 'Obyčejné go', 'Phantom Go'],
            rows: [
              ['Co vidíš', 'Celou desku, obě barvy.', 'Své kameny a případné handicapové kameny. Soupeř se dozví jen to, že proběhl tvůj tah, ne kam.'],
              ['Neplatné tahy', 'Vidíš je, takže je nikdy nezahraješ.', 'Najdeš je zkoušením. Rozhodčí řekne „neplatný“ bez udání důvodu a ty zkoušíš znovu. Soupeř uslyší, že tvůj pokus byl odmítnut, ale ne kde.'],
              ['Zajetí', 'Kameny se odeberou a všichni to vidí.', 'Rozhodčí oznámí oběma hráčům body všech zajatých kamenů. Bod kamene, který zajímal, zůstává tajný.'],
              ['Pasování a konec', 'Dva pasy za sebou ukončí partii; hráči se dohodnou na mrtvých kamenech.', 'I zde dva pasy za sebou ukončí partii. Pak se odkryje celá deska se všemi pokusy obou hráčů a počítá se tak, jak stojí: žádná fáze odstraňování mrtvých kamenů není.'],
              ['Komi', 'Podle pravidel, obvykle 6,5 nebo 7,5.', '7,5 na každé velikosti desky, s handicapovými kameny 0,5. Stůl může určit jinou hodnotu.'],
              ['Počítání', 'Území nebo plocha, podle pravidel.', 'Plošné počítání: tvoje kameny na desce a prázdné body, ke kterým dosáhnou jen tvoje kameny. Bílý připočte komi.'],
            ],
          },
        },
        {
          p: 'Oba hráči si mohou spočítat, kolik kamenů má ten druhý na desce, protože každý tah i každé zajetí se oznamuje. Tato stránka ten počet ukazuje za tebe.',
        },
      ],
    },
    {
      id: 'variants',
      title: 'Handicap, atari go a torus',
      blocks: [
        {
          p: 'Handicap: Černý před partií položí 2 nebo více kamenů na obvyklé handicapové body a Bílý táhne první. Handicapové kameny jsou veřejné: vidí je oba hráči i diváci, dokud nejsou zajaty. Komi pak činí 0,5, pokud stůl neurčí jinak.',
        },
        {
          p: 'Atari go: první zajetí okamžitě vyhrává partii a deska se odkryje. Potmě je to napínavé: jediný neopatrný kámen může stát všechno. Pokud oba hráči pasují dřív, než došlo k zajetí, počítá se jako obvykle.',
        },
        {
          p: 'Torus: deska se uzavírá sama do sebe. Levý okraj sousedí s pravým a horní s dolním, takže každý bod má čtyři sousedy a žádné rohy neexistují. Zajímání, ko, sebevražda i počítání se řídí uzavřenou deskou. Tato stránka kreslí kolem desky okraj z opakovaných linií, takže přes švy můžeš vidět i hrát.',
        },
        {
          p: 'Všechno lze kombinovat: handicapová partie atari go na torusu je platný stůl.',
        },
      ],
    },
    {
      id: 'site',
      title: 'Hra na tomto webu',
      blocks: [
        {
          ul: [
            'Online: vytvoř stůl a pošli odkaz na druhé místo. Třetí odkaz umožní komukoli se dívat. Diváci až do konce vidí jen handicapové kameny a oznámení.',
            'Proti počítači: program hraje podle stejných pravidel a vidí jen své vlastní kameny.',
            'Dva hráči na jednom zařízení: mezi tahy zakryje desku opona a řekne, kdo si má zařízení vzít.',
            'Odhady: můžeš si označit body, kde tušíš skryté kameny. Vidíš je jen ty.',
            'Klávesnice: šipky pohybují po desce, Enter zkusí bod, M přidá nebo smaže odhad a klávesou Tab se dostaneš na tlačítka.',
            'Na konci si můžeš přehrát každý tah včetně všech pokusů, z pohledu Černého, z pohledu Bílého i tak, jak skutečně proběhl, a stáhnout partii jako SGF.',
          ],
        },
      ],
    },
    {
      id: 'history',
      title: 'Trocha historie',
      blocks: [
        {
          p: 'Phantom Go je příbuzný Kriegspielu, šachové varianty, v níž každý hráč vidí jen své figury a rozhodčí určuje, zda je tah možný. U skutečného stolu jsou potřeba tři desky: jedna pro každého hráče, skrytá před tím druhým, a jedna pro rozhodčího, který zná skutečnou pozici a odpovídá na každý pokus.',
        },
        {
          p: 'Tématem počítačového výzkumu se hra stala v roce 2005, kdy Tristan Cazenave popsal program pro Phantom Go založený na metodách Monte Carlo: hraje mnoho náhodných partií na deskách, kde se neviditelné kameny odhadují, a vybírá tah, který v průměru dopadá nejlépe.',
        },
        {
          p: 'Od roku 2007 měla Počítačová olympiáda soutěž ve Phantom Go. První se konala v Amsterdamu a vyhrál ji program Golois.',
        },
      ],
    },
  ],
};
