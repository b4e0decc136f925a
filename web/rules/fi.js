// Sääntösivu suomeksi.
export default {
  sections: [
    {
      id: 'what',
      title: 'Mitä Phantom Go on',
      blocks: [
        {
          p: 'Phantom Go on gota, jossa osa tiedosta on piilossa. Kumpikin pelaaja näkee vain omat kivensä. Erotuomari pitää todellista lautaa, jolla ovat molempien värien kivet, ja arvioi jokaisen siirron.',
        },
        {
          p: 'Kun on vuorosi, valitset pisteen ja yrität pelata siihen. Jos kivi olisi siinä todellisella laudalla sallittu, se pelataan ja vuorosi päättyy. Jos se ei olisi sallittu, erotuomari sanoo vain ”kielletty”. Syytä et saa tietää: ehkä pisteessä on vastustajan kivi, ehkä kivellä ei olisi yhtään vapautta, ehkä siirto rikkoisi ko-sääntöä. Vuoro pysyy sinulla, ja yrität toista pistettä.',
        },
        {
          p: 'Jokainen hylkäys on siis vihje. Hyvät pelaajat lukevat ilmoituksia kuin etsivä rikospaikkaa: missä vastustajalla oli vaikeuksia, mitkä kivistäni katosivat, missä hänen ryhmänsä voivat olla?',
        },
      ],
    },
    {
      id: 'turn',
      title: 'Yksi vuoro vaihe vaiheelta',
      blocks: [
        {
          ol: [
            'Valitse piste ja yritä sitä, tai passaa, tai luovuta.',
            'Jos kivi on todellisella laudalla sallittu, se pelataan, vangitut kivet poistetaan ja vuoro siirtyy vastustajalle.',
            'Jos se on kielletty, erotuomari vastaa ”kielletty”, piste merkitään laudallesi ja yrität uudelleen.',
            'Kutakin pistettä voi yrittää vain kerran vuoron aikana, joten jokainen vuoro päättyy. Passata saa aina.',
            'Piste, jossa näet oman kivesi, tai piste, jota olet jo yrittänyt tällä vuorolla, ei ole yritys lainkaan: mitään ei tapahdu eikä mitään ilmoiteta.',
          ],
        },
      ],
    },
    {
      id: 'differences',
      title: 'Miten se eroaa tavallisesta gosta',
      blocks: [
        {
          table: {
            caption: 'Tavallinen go ja Phantom Go rinnakkain',
            head: ['', 'Tavallinen go', 'Phantom Go'],
            rows: [
              ['Mitä näet', 'Koko laudan, molemmat värit.', 'Omat kivesi ja mahdolliset tasoituskivet. Vastustaja saa tietää vain, että siirsit, ei sitä, minne.'],
              ['Kielletyt siirrot', 'Näet ne, joten et koskaan pelaa niitä.', 'Löydät ne yrittämällä. Erotuomari sanoo ”kielletty” kertomatta syytä, ja yrität uudelleen. Vastustaja kuulee, että yrityksesi hylättiin, mutta ei sitä, missä.'],
              ['Vangitseminen', 'Kivet poistetaan, ja kaikki näkevät sen.', 'Erotuomari ilmoittaa molemmille jokaisen vangitun kiven pisteen. Vangitsevan kiven piste pysyy salassa.'],
              ['Passaaminen ja loppu', 'Kaksi peräkkäistä passia päättää pelin; pelaajat sopivat kuolleista kivistä.', 'Myös tässä kaksi peräkkäistä passia päättää pelin. Sitten koko lauta paljastetaan molempien pelaajien kaikkine yrityksineen ja lasketaan sellaisenaan: kuolleiden kivien poistovaihetta ei ole.'],
              ['Komi', 'Sääntöjen mukaan, yleensä 6,5 tai 7,5.', '7,5 kaikilla lautakoilla, tasoituskivien kanssa 0,5. Pöytä voi asettaa muun arvon.'],
              ['Laskenta', 'Sääntöjen mukaan: japanilaisessa laskennassa alue ja vangitut kivet, kiinalaisessa kivet laudalla ja alue.', 'Kiinalainen laskenta: kivesi laudalla sekä tyhjät pisteet, joihin vain sinun kivesi ulottuvat. Valkea lisää komin.'],
            ],
          },
        },
        {
          p: 'Kumpikin pelaaja voi laskea, montako kiveä toisella on laudalla, koska jokainen siirto ja vangitseminen ilmoitetaan. Tämä sivu näyttää luvun puolestasi.',
        },
      ],
    },
    {
      id: 'variants',
      title: 'Tasoitus, atari go ja torus',
      blocks: [
        {
          p: 'Tasoitus: Musta asettaa ennen peliä vähintään 2 kiveä tavallisiin tasoituspisteisiin, ja Valkea aloittaa. Tasoituskivet ovat julkisia: molemmat pelaajat ja katsojat näkevät ne, kunnes ne vangitaan. Komi on silloin 0,5, ellei pöytä määrää toisin.',
        },
        {
          p: 'Atari go: ensimmäinen vangitseminen voittaa pelin heti, ja lauta paljastetaan. Pimeässä tämä on jännittävää: yksi huolimaton kivi voi maksaa kaiken. Jos molemmat passaavat ennen yhtään vangitsemista, lauta lasketaan tavalliseen tapaan.',
        },
        {
          p: 'Torus: lauta jatkuu reunojen yli. Vasen reuna koskettaa oikeaa ja yläreuna alareunaa, joten jokaisella pisteellä on neljä naapuria eikä kulmia ole. Vangitseminen, ko, itsemurha ja laskenta noudattavat tätä suljettua lautaa. Tämä sivusto piirtää laudan ympärille reunuksen toistuvista viivoista, joten voit nähdä saumojen yli ja pelata niiden yli.',
        },
        {
          p: 'Kaikkia voi yhdistellä: pöydällä voi pelata tasoituksellista atari gota toruksella.',
        },
      ],
    },
    {
      id: 'site',
      title: 'Pelaaminen tällä sivustolla',
      blocks: [
        {
          ul: [
            'Verkossa: perusta pöytä ja lähetä toisen paikan linkki. Kolmannella linkillä kuka tahansa voi katsoa. Katsojat näkevät loppuun asti vain tasoituskivet ja ilmoitukset.',
            'Tietokonetta vastaan: ohjelma pelaa samoilla säännöillä ja näkee vain omat kivensä.',
            'Kaksi pelaajaa samalla laitteella: vuorojen välissä verho peittää laudan ja kertoo, kenen pitää ottaa laite.',
            'Arvausmerkit: voit merkitä pisteet, joissa arvelet piilossa olevien kivien olevan. Vain sinä näet ne.',
            'Näppäimistö: nuolinäppäimet liikkuvat laudalla, Enter yrittää pistettä, M lisää tai poistaa arvausmerkin ja sarkaimella pääset painikkeisiin.',
            'Lopuksi voit käydä läpi jokaisen vuoron kaikkine yrityksineen niin kuin Musta sen näki, niin kuin Valkea sen näki ja niin kuin se todella oli, ja ladata pelin SGF-tiedostona.',
          ],
        },
      ],
    },
    {
      id: 'history',
      title: 'Vähän historiaa',
      blocks: [
        {
          p: 'Phantom Go on Kriegspielin sukulainen gon puolella. Kriegspiel on shakin muunnelma, jossa kumpikin pelaaja näkee vain omat nappulansa ja erotuomari ratkaisee, onko siirto mahdollinen. Oikean pöydän ääressä tarvitaan kolme lautaa: yksi kummallekin pelaajalle toiselta piilossa ja yksi erotuomarille, joka tuntee todellisen aseman ja vastaa jokaiseen yritykseen.',
        },
        {
          p: 'Pelistä tuli tietokonetutkimuksen aihe vuonna 2005, kun Tristan Cazenave kuvasi Monte Carlo -menetelmiin perustuvan Phantom Go -ohjelman: se pelaa paljon satunnaisia pelejä laudoilla, joille näkymättömät kivet on arvattu, ja valitsee siirron, joka menestyy keskimäärin parhaiten.',
        },
        {
          p: 'Vuodesta 2007 tietokoneolympialaisissa on ollut Phantom Go -kilpailu. Ensimmäinen pidettiin Amsterdamissa, ja sen voitti Golois.',
        },
      ],
    },
  ],
};
