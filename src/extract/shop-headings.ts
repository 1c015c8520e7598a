/**
 * The headings a shop writes over the sections it adds below a product, in the languages besides English
 * that shops are most often written in: the sections about other products ("Ähnliche Produkte", "Vous
 * aimerez aussi", "Похожие товары", "Cumpărate frecvent împreună") and the sections of other people's
 * opinions ("Kundenbewertungen", "Avis clients", "Отзывы", "Domande e risposte"). product-page.ts reads
 * its English headings with its own patterns (OTHER_PRODUCTS_SECTION, OPINION_SECTION) and these beside
 * them, on product pages only, after the same share of the page's words (thresholds.ts).
 *
 * Each phrase is matched anywhere in the heading as whole words (no letter or digit on either side), case
 * aside; the phrases of scripts written without spaces (Chinese, Japanese, Korean) anywhere at all. The
 * phrases were written from the headings of a product corpus outside vellum's benchmarks (shops in a
 * dozen languages; docs/extraction.md, "Shop headings in other languages") and from what shops in each
 * language call the same sections. A phrase names only a shop's section: "Ähnliche Produkte", not
 * "Produkte"; "Avis clients" and the bare "Avis", which a product page gives only to reviews.
 */

/** Sections about other products: similar, related, recommended, also bought or viewed, recently viewed, sponsored. */
const OTHER_PRODUCTS: readonly string[] = [
  // German
  "ähnliche (?:produkte|artikel|kleinanzeigen|anzeigen|angebote)",
  "verwandte (?:produkte|artikel)",
  "passende (?:produkte|artikel)",
  "(?:das|dies|diese) könnten? (?:ihnen|dir) (?:auch )?gefallen",
  "kunden,? die (?:diesen artikel|dieses produkt)",
  "kunden kauften auch",
  "(?:wird oft|häufig|oft) zusammen gekauft",
  "zuletzt angesehen(?:e (?:produkte|artikel))?",
  "(?:unsere )?empfehlungen(?: für (?:sie|dich))?",
  "wir empfehlen",
  "gesponsert",
  "mit ähnlichen (?:produkten|artikeln) vergleichen",
  "andere kunden (?:interessierten sich|kauften|sahen)",
  // French
  "produits (?:similaires|associés|liés|recommandés|complémentaires)",
  "articles (?:similaires|associés|recommandés)",
  "vous (?:aimerez|aimeriez|pourriez aimer|allez adorer|pourriez aussi aimer)",
  "(?:les )?clients (?:ayant|qui ont) (?:acheté|consulté|vu)",
  "(?:souvent|fréquemment) achetés ensemble",
  "(?:récemment|derniers produits) consultés",
  "vus récemment",
  "sponsorisés?",
  "nos (?:recommandations|suggestions)",
  "(?:pourrait|pourraient) (?:aussi |également )?vous intéresser",
  "complétez (?:votre|le) look",
  "dans la même catégorie",
  // Spanish
  "productos (?:similares|relacionados|recomendados|basados en)",
  "artículos (?:similares|relacionados)",
  "(?:te|le) (?:puede|podría|pueden|podrían) (?:interesar|gustar)",
  "(?:los )?clientes que (?:compraron|vieron)",
  "(?:comprados|se compran) (?:frecuentemente )?juntos",
  "vistos recientemente",
  "patrocinados?",
  "recomendados para (?:ti|usted)",
  // Italian
  "prodotti (?:simili|correlati|consigliati|suggeriti)",
  "articoli (?:simili|correlati)",
  "(?:potrebbe|potrebbero) (?:anche )?(?:interessarti|piacerti)",
  "ti (?:potrebbe|potrebbero) (?:anche )?(?:interessare|piacere)",
  "(?:i )?clienti che hanno (?:acquistato|visto|visualizzato)",
  "(?:spesso )?(?:comprati|acquistati) insieme",
  "visti di recente",
  "sponsorizzat[oi]",
  "consigliati per te",
  // Portuguese
  "produtos (?:similares|relacionados|semelhantes|recomendados)",
  "(?:te|lhe) (?:pode|podem) interessar",
  "(?:você|voce) (?:também )?(?:pode|vai) gostar",
  "quem (?:comprou|viu) (?:este|também)",
  "comprados juntos",
  "(?:vistos|visualizados) recentemente",
  "complete (?:seu|o seu|o) (?:ambiente|look)",
  "(?:dos|do|da) mesm[oa]s? autor(?:es|as)?",
  // Dutch
  "(?:vergelijkbare|gerelateerde) (?:producten|artikelen)",
  "(?:dit|deze) (?:vind je|vindt u) (?:misschien )?ook (?:leuk|interessant)",
  "(?:anderen|klanten) (?:bekeken|kochten) ook",
  "(?:onlangs|recent|laatst) bekeken",
  "vaak samen gekocht",
  "gesponsord",
  "aanbevolen (?:producten|voor jou|voor u)",
  // Polish
  "(?:podobne|powiązane|polecane) (?:produkty|artykuły)",
  "(?:może|mogą) (?:cię|ci) (?:również |też )?(?:zainteresować|się spodobać)",
  "ostatnio oglądane",
  "często kupowane razem",
  "klienci,? którzy (?:kupili|oglądali)",
  "sponsorowane",
  // Russian
  "(?:похожие|подобные|рекомендуемые|сопутствующие|аналогичные|просмотренные) товары",
  "(?:вы )?недавно (?:смотрели|просмотренные)",
  "(?:с этим|вместе с этим) товаром (?:часто )?покупают",
  "(?:может|могут) (?:также )?(?:понравиться|пригодиться)",
  "рекомендуем",
  "покупатели (?:также )?(?:смотрели|покупали|выбирают)",
  // Romanian
  "produse (?:similare|recomandate|asemănătoare|asemanatoare)",
  "(?:îți|iti) mai recomand(?:ăm|am)",
  "cump[ăa]rate (?:frecvent )?[îi]mpreun[ăa]",
  "al[țt]i clien[țt]i au (?:vizitat|cump[ăa]rat)",
  "(?:vizualizate|v[ăa]zute) recent",
  "recent ad[ăa]ugate",
  // Finnish, Swedish, Danish and Norwegian
  "samankaltaisia tuotteita",
  "suosittelemme",
  "saattaisit pitää myös",
  "asiakkaat (?:ostivat|katsoivat) myös",
  "viimeksi katsotut",
  "sponsoroimat",
  "(?:liknande|relaterade|rekommenderade) produkter",
  "du kanske också gillar",
  "(?:andra|kunder) (?:köpte|tittade på) (?:också|även)",
  "senast visade",
  "köps ofta tillsammans",
  "(?:lignende|relaterede|relaterte|anbefalede|anbefalte) produkter",
  "andre (?:kunder )?(?:købte|kjøpte|så på) også",
  "(?:senest|sist) (?:sete|sett|viste)",
  // Czech and Slovak
  "podobné (?:produkty|zboží|výrobky|tovary)",
  "(?:související|súvisiace) (?:produkty|zboží|tovary)",
  "(?:mohlo|mohly|mohli) by (?:vás|ťa) (?:také |tiež )?(?:zajímat|zaujímať|zaujať)",
  "naposledy (?:prohlížené|zobrazené|prezerané)",
  "často kupované (?:spolu|společně)",
  "zákazníci (?:také|tiež) (?:kupovali|zakúpili|koupili)",
  // Hungarian, Estonian, Latvian, Lithuanian, Turkish
  "(?:hasonló|kapcsolódó|ajánlott) termékek",
  "ezek is érdekelhetnek",
  "legutóbb megtekintett",
  "gyakran vásárolják együtt",
  "sarnased tooted",
  "koos selle tootega (?:on )?(?:samuti )?ostetud",
  "külastajad on olnud huvitatud",
  "viimati vaadatud",
  "līdzīgas preces",
  "kas (?:jums )?varētu patikt",
  "bieži pērk",
  "(?:panašios|susijusios) prekės",
  "(?:benzer|ilgili) ürünler",
  "ilginizi çekebilir",
  "birlikte (?:sıkça )?alınan",
  // Hebrew, Arabic
  "מוצרים (?:קשורים|דומים)",
  "לקוחות שרכשו",
  "אולי יעניין אותך",
  "منتجات (?:مشابهة|ذات صلة)",
  "قد يعجبك",
];

/** …the same, in scripts written without spaces between words. */
const OTHER_PRODUCTS_UNSPACED: readonly string[] = [
  "相关商品",
  "相關商品",
  "猜你喜欢",
  "猜你喜歡",
  "看了又看",
  "推荐商品",
  "推薦商品",
  "関連商品",
  "この商品を見た人",
  "おすすめ商品",
  "관련 ?상품",
  "다른 ?상품",
  "함께 ?본 ?상품",
  "추천 ?상품",
];

/** Sections of other people's opinions: reviews, ratings, questions and answers. */
const OPINIONS: readonly string[] = [
  // German
  "(?:kunden|produkt|spitzen)?bewertungen",
  "(?:kunden)?rezensionen",
  "kundenmeinungen",
  "erfahrungsberichte",
  "fragen (?:und|&) antworten",
  "haben sie eine frage",
  // French
  "avis(?: (?:clients?|des clients|vérifiés))?",
  "commentaires(?: clients?)?",
  "évaluations?(?: clients?)?",
  "évaluer ce produit",
  "questions (?:et|&) réponses",
  "vous avez une question",
  // Spanish
  "opiniones(?: de (?:clientes|usuarios))?",
  "reseñas(?: de clientes)?",
  "valoraciones",
  "preguntas (?:y|&) respuestas",
  // Italian
  "recensioni(?: (?:clienti|dei clienti))?",
  "recensisci questo prodotto",
  "opinioni(?: dei clienti)?",
  "valutazioni",
  "domande (?:e|&) risposte",
  "hai una domanda",
  // Portuguese
  "avaliações(?: (?:de|dos) clientes)?",
  "opiniões",
  "comentários(?: (?:de|dos) clientes)?",
  "perguntas (?:e|&) respostas",
  // Dutch
  "(?:klant)?beoordelingen",
  "recensies",
  "klantenreviews",
  "vragen (?:en|&) antwoorden",
  // Polish
  "opinie(?: (?:klientów|o produkcie))?",
  "recenzje",
  "pytania (?:i|&) odpowiedzi",
  // Russian
  "отзывы(?: (?:покупателей|о товаре))?",
  "вопросы (?:и|&) ответы",
  // Romanian
  "recenzii",
  "review-uri",
  "[îi]ntreb[ăa]rile (?:[șs]i r[ăa]spunsurile )?clien[țt]ilor",
  "[îi]ntreb[ăa]ri [șs]i r[ăa]spunsuri",
  // Finnish, Swedish, Danish and Norwegian
  "(?:asiakas)?arviot",
  "arvostelut",
  "kysymykset ja vastaukset",
  "(?:kund)?recensioner",
  "omdömen",
  "frågor och svar",
  "(?:kunde)?anmeldelser",
  "spørgsmål og svar",
  "spørsmål og svar",
  // Czech and Slovak
  "recenze",
  "recenzie",
  "hodnocení zákazníků",
  "hodnotenie zákazníkov",
  "otázky a odpovědi",
  "otázky a odpovede",
  // Hungarian, Estonian, Latvian, Lithuanian, Turkish
  "vélemények",
  "értékelések",
  "kérdések és válaszok",
  "arvustused",
  "atsauksmes",
  "atsiliepimai",
  "değerlendirmeler",
  "soru(?:lar)? ve cevaplar",
  // Hebrew, Arabic
  "חוות דעת",
  "ביקורות",
  "التقييمات",
  "المراجعات",
  "آراء العملاء",
];

/** …the same, in scripts written without spaces between words. */
const OPINIONS_UNSPACED: readonly string[] = [
  "商品评价",
  "商品評價",
  "用户评价",
  "カスタマーレビュー",
  "レビュー",
  "상품평",
  "구매평",
  "상품 ?문의",
  "리뷰",
];

/** A pattern matching any of `phrases` as whole words, and any of `unspaced` anywhere, case aside. */
function phrasePattern(phrases: readonly string[], unspaced: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join("|")})(?![\\p{L}\\p{N}])|${unspaced.join("|")}`, "iu");
}

const OTHER_PRODUCTS_HEADING = phrasePattern(OTHER_PRODUCTS, OTHER_PRODUCTS_UNSPACED);
const OPINION_HEADING = phrasePattern(OPINIONS, OPINIONS_UNSPACED);

/** Whether a heading's title names, in a language besides English, a shop's section about other products. */
export const namesOtherProducts = (title: string): boolean => OTHER_PRODUCTS_HEADING.test(title);

/** Whether a heading's title names, in a language besides English, a section of other people's opinions. */
export const namesOpinions = (title: string): boolean => OPINION_HEADING.test(title);
