// Kurallar sayfası, Türkçe.
export default {
  sections: [
    {
      id: 'what',
      title: 'Phantom Go nedir',
      blocks: [
        {
          p: 'Phantom Go, gizli bilgiyle oynanan Go’dur. Her oyuncu yalnızca kendi taşlarını görür. Bir hakem iki rengin de taşlarının durduğu gerçek tahtayı tutar ve her hamleyi değerlendirir.',
        },
        {
          p: 'Sıra sendeyken bir nokta seçer ve oraya oynamayı denersin. Oradaki taş gerçek tahtada geçerliyse oynanır ve sıran biter. Geçerli değilse hakem yalnızca “geçersiz” der. Nedenini öğrenemezsin: belki orada rakibin bir taşı vardır, belki taşın hiç özgürlüğü kalmaz, belki de ko kuralını bozar. Sıra sende kalır ve başka bir nokta denersin.',
        },
        {
          p: 'Yani her ret bir ipucudur. İyi oyuncular duyuruları bir dedektifin olay yerini okuduğu gibi okur: rakibim nerede zorlandı, hangi taşlarım kayboldu, onun grupları nerede olabilir?',
        },
      ],
    },
    {
      id: 'turn',
      title: 'Adım adım bir hamle',
      blocks: [
        {
          ol: [
            'Bir nokta seç ve dene; ya da pas geç; ya da pes et.',
            'Taş gerçek tahtada geçerliyse oynanır, alınan taşlar kaldırılır ve sıra rakibe geçer.',
            'Geçersizse hakem “geçersiz” der, nokta senin tahtanda işaretlenir ve yeniden denersin.',
            'Bir hamlede her nokta yalnızca bir kez denenebilir; böylece her hamle sona erer. Pas geçmek her zaman serbesttir.',
            'Kendi taşını gördüğün bir noktayı ya da bu hamlede zaten denediğin bir noktayı denemek, deneme sayılmaz: hiçbir şey olmaz ve hiçbir şey duyurulmaz.',
          ],
        },
      ],
    },
    {
      id: 'differences',
      title: 'Standart Go’dan farkları',
      blocks: [
        {
          table: {
            caption: 'Standart Go ile Phantom Go yan yana',
            head: ['', 'Standart Go', 'Phantom Go'],
            rows: [
              ['Ne görürsün', 'Bütün tahtayı, iki rengi de.', 'Kendi taşlarını ve varsa handikap taşlarını. Rakibin yalnızca oynadığını öğrenir, nereye oynadığını değil.'],
              ['Geçersiz hamleler', 'Onları görürsün, bu yüzden hiç oynamazsın.', 'Deneyerek bulursun. Hakem gerekçe vermeden “geçersiz” der ve yeniden denersin. Rakibin bir denemenin reddedildiğini duyar, ama yerini duymaz.'],
              ['Taş alma', 'Taşlar kaldırılır ve herkes görür.', 'Hakem, alınan her taşın noktasını iki oyuncuya da duyurur. Taşları alan taşın noktası gizli kalır.'],
              ['Pas ve oyunun sonu', 'Art arda iki pas oyunu bitirir; oyuncular ölü taşlarda anlaşır.', 'Burada da art arda iki pas oyunu bitirir. Sonra bütün tahta, iki oyuncunun her denemesiyle birlikte açılır ve olduğu gibi sayılır: ölü taşları kaldırma aşaması yoktur.'],
              ['Komi', 'Kural takımına göre değişir, genellikle 6,5 ya da 7,5.', 'Her tahta boyutunda 7,5; handikap taşlarıyla 0,5. Masa başka bir değer seçebilir.'],
              ['Sayım', 'Kural takımına göre bölge ya da alan.', 'Alan sayımı: tahtadaki taşların ile yalnızca senin taşlarının ulaştığı boş noktalar. Beyaz komiyi ekler.'],
            ],
          },
        },
        {
          p: 'Her hamle ve her taş alma duyurulduğu için iki oyuncu da rakibinin tahtada kaç taşı olduğunu sayabilir. Bu sayfa bu sayıyı senin için gösterir.',
        },
      ],
    },
    {
      id: 'variants',
      title: 'Handikap, Atari Go ve torus',
      blocks: [
        {
          p: 'Handikap: Siyah oyundan önce olağan handikap noktalarına 2 ya da daha fazla taş koyar ve ilk hamleyi Beyaz yapar. Handikap taşları herkese açıktır: alınana kadar iki oyuncu da izleyiciler de onları görür. Masa başka bir şey seçmediyse komi 0,5 olur.',
        },
        {
          p: 'Atari Go: ilk taş alma oyunu hemen kazandırır ve tahta açılır. Karanlıkta bu çok gergindir: tek bir dikkatsiz taş her şeyi kaybettirebilir. Hiç taş alınmadan iki oyuncu da pas geçerse tahta her zamanki gibi sayılır.',
        },
        {
          p: 'Torus: tahta kendi üstüne kapanır. Sol kenar sağ kenara, üst kenar alt kenara değer; böylece her noktanın dört komşusu olur ve köşe kalmaz. Taş alma, ko, intihar ve sayım bu kapalı tahtaya göre yapılır. Bu site tahtanın çevresine tekrarlanan çizgilerden bir kenar boşluğu çizer; böylece dikişlerin öte yanını görebilir ve oraya oynayabilirsin.',
        },
        {
          p: 'Hepsi birleştirilebilir: torus üzerinde handikaplı bir Atari Go oyunu geçerli bir masadır.',
        },
      ],
    },
    {
      id: 'site',
      title: 'Bu sitede oynamak',
      blocks: [
        {
          ul: [
            'Çevrim içi: bir masa kur ve diğer yerin bağlantısını gönder. Üçüncü bir bağlantıyla herkes izleyebilir. İzleyiciler oyun bitene kadar yalnızca handikap taşlarını ve duyuruları görür.',
            'Bilgisayara karşı: program aynı kurallarla oynar ve yalnızca kendi taşlarını görür.',
            'Tek cihazda iki oyuncu: hamleler arasında bir perde tahtayı örter ve cihazı kimin alacağını söyler.',
            'Tahmin işaretleri: gizli taş olduğunu düşündüğün noktaları işaretleyebilirsin. Onları yalnızca sen görürsün.',
            'Klavye: ok tuşları tahtada gezdirir, Enter bir noktayı dener, M bir tahmin işareti koyar ya da kaldırır, Tab ile düğmelere ulaşırsın.',
            'Sonunda her hamleyi, bütün denemeleriyle birlikte, Siyah’ın gördüğü gibi, Beyaz’ın gördüğü gibi ve gerçekte olduğu gibi tekrar izleyebilir, oyunu SGF olarak indirebilirsin.',
          ],
        },
      ],
    },
    {
      id: 'history',
      title: 'Biraz tarih',
      blocks: [
        {
          p: 'Phantom Go, Kriegspiel’in Go’daki akrabasıdır. Kriegspiel, her oyuncunun yalnızca kendi taşlarını gördüğü ve bir hakemin hamlenin mümkün olup olmadığına karar verdiği bir satranç çeşididir. Gerçek bir masada üç tahta gerekir: her oyuncu için birer tahta, birbirinden gizli, ve gerçek konumu bilen ve her denemeye yanıt veren hakem için bir tahta.',
        },
        {
          p: 'Oyun 2005’te bilgisayar araştırmalarının konusu oldu: Tristan Cazenave, Monte Carlo yöntemlerine dayanan bir Phantom Go programı tanımladı. Program, görünmeyen taşların tahmin edildiği tahtalarda çok sayıda rastgele oyun oynar ve ortalamada en iyi sonucu veren hamleyi seçer.',
        },
        {
          p: '2007’den itibaren Bilgisayar Olimpiyatı’nda bir Phantom Go yarışması yapıldı. İlki Amsterdam’da düzenlendi ve Golois kazandı.',
        },
      ],
    },
  ],
};
