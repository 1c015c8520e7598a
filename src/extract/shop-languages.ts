/**
 * What a shop prints around a product, in the languages besides English that shops are most often
 * written in. product-page.ts reads the English with its own patterns and these beside them, on product
 * pages only (rule `shop-languages`):
 * - the headings of the sections a shop adds below a product: about other products ("Ähnliche
 *   Produkte", "Vous aimerez aussi", "Похожие товары", "Cumpărate frecvent împreună") and of other
 *   people's opinions ("Kundenbewertungen", "Avis clients", "Отзывы", "Domande e risposte"), after the
 *   same share of the page's words as the English ones (thresholds.ts);
 * - the lines that are only a shop's control, stock status or standing promise, the whole line: "In den
 *   Warenkorb", "Ajouté au panier", "Auf Lager", "Rupture de stock", "Spedizione gratuita";
 * - an add-to-cart control's words, by which product-page.ts knows a buy box beside a page's title on
 *   any page (productPage), as it knows "Add to cart".
 *
 * A heading's phrase is matched anywhere in it as whole words (no letter or digit on either side), case
 * aside; the phrases of scripts written without spaces (Chinese, Japanese, Korean) anywhere at all. The
 * phrases were written from a product corpus outside vellum's benchmarks (shops in a dozen languages;
 * docs/extraction.md, "Shops in other languages") and from what shops in each language call the same
 * things. A phrase names only a shop's section or control: "Ähnliche Produkte", not "Produkte"; "Avis
 * clients" and the bare "Avis", which a product page gives only to reviews.
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
  "(?:i )?clienti hanno anche (?:acquistato|visto|visualizzato)",
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

/**
 * An add-to-cart control's words: "In den Warenkorb", "Ajouter au panier", "V košarico", "加入購物車".
 * A line of only these is a shop line (SHOP_LINES), and a control saying them beside the title makes a
 * buy box (product-page.ts buyBoxAtTitle), as "Add to cart" does in English.
 */
const ADD_TO_CART: readonly string[] = [
  "(?:in den|zum) warenkorb(?: legen| hinzufügen)?",
  "ajouter au panier",
  "(?:añadir|agregar) (?:al carrito|a la cesta)",
  "aggiungi al carrello",
  "adicionar ao carrinho",
  "(?:in (?:de )?winkelwagen|toevoegen aan (?:mijn )?winkelwagen(?:tje)?)",
  "dodaj do koszyka",
  "(?:добавить )?в корзину",
  "(?:додати )?в кошик",
  "(?:добави )?в количката",
  "(?:přidat |pridať )?do košíku",
  "(?:pridať )?do košíka",
  "(?:dodaj )?v košarico",
  "(?:dodaj )?u košaricu",
  "(?:dodaj )?u korpu",
  "į krepšelį",
  "adaug[ăa] [îi]n co[șs]",
  "lägg i (?:varu)?korgen",
  "læg i kurv(?:en)?",
  "legg i handlekurv(?:en)?",
  "lisää ostoskoriin",
  "kosárba(?: teszem)?",
  "sepete ekle",
  "lisa ostukorvi",
  "ielikt grozā",
  "προσθήκη στο καλάθι",
  "thêm vào giỏ(?: hàng)?",
  "(?:tambah(?:kan)? ke|masukkan) keranjang",
  "أضف (?:إلى|الى|لل)سلة",
  "הוסף לסל",
  "장바구니(?:에)? 담기",
];

/** …the same, in scripts written without spaces between words. */
const ADD_TO_CART_UNSPACED: readonly string[] = ["加入購物車", "加入购物车", "放入購物車", "放入购物车", "カートに入れる", "カートに追加"];

const ADD_TO_CART_CONTROL = phrasePattern(ADD_TO_CART, ADD_TO_CART_UNSPACED);

/** Whether a control's text or attribute says add to cart in a language besides English (ADD_TO_CART): "In den Warenkorb legen", not "Kein Warenkorb". */
export const saysAddToCartInLanguages = (text: string): boolean => ADD_TO_CART_CONTROL.test(text);

/**
 * Lines that are only a shop's control, a cart's message, a stock status or a delivery promise, the
 * whole line (a sentence saying more is the product's): add to cart (ADD_TO_CART), added to cart, the
 * cart is empty, buy now, in stock, only N left, sold out, not available, free shipping, share.
 */
const SHOP_LINES: readonly string[] = [
  ...ADD_TO_CART,
  ...ADD_TO_CART_UNSPACED,
  // German
  "(?:der )?artikel wurde (?:in den|zum) warenkorb (?:gelegt|hinzugefügt)",
  "(?:ihr |dein )?warenkorb ist leer",
  "weiter einkaufen",
  "möchten sie verkaufen\\?",
  "jetzt kaufen",
  "(?:nur noch \\d+ )?(?:auf lager|vorrätig)(?: \\(mehr ist unterwegs\\))?",
  "(?:sofort |derzeit nicht )?(?:lieferbar|verfügbar)",
  "ausverkauft",
  "kostenlose[rn]? versand",
  // French
  "(?:article )?ajouté au panier",
  "ajout au panier en cours",
  "l'article est dans votre panier",
  "continuer (?:mes |vos )?achats",
  "vous l'avez déjà \\?",
  "votre panier est vide(?: :\\()?",
  "acheter (?:maintenant|cet article)",
  "(?:en stock|en rupture de stock|rupture de stock|épuisé|indisponible)",
  "livraison (?:gratuite|offerte)",
  // Spanish
  "añadido al carrito",
  "seguir comprando",
  "¿?tienes uno para vender\\?",
  "comprar (?:ahora|ya)",
  "(?:agotado|sin stock|no disponible)",
  "envío gratis|envío gratuito",
  // Italian
  "aggiunt[oa] al carrello",
  "aggiunta al carrello in corso",
  "non aggiunto",
  "l'articolo è nel tuo carrello",
  "continua (?:lo shopping|gli acquisti)",
  "caricamento dei suggerimenti(?: di oggi)?",
  "non abbiamo suggerimenti in questo momento",
  "ne hai uno da vendere\\?",
  // A failed add-to-cart: "Si è verificato un problema durante l'aggiunta dell'articolo al Carrello. Riprova più tardi."
  "si è verificato un problema[^.!?]{0,80}[.!]?(?: riprova(?: più tardi)?)?",
  "(?:acquista ora|compra ora)",
  "(?:subito |non )?disponibile",
  "esaurito",
  "spedizione gratuita",
  // Portuguese
  "continuar (?:comprando|a comprar)",
  "comprar agora",
  "(?:em stock|em estoque|esgotado|indisponível)",
  "frete grátis|entrega gratuita|portes grátis",
  // Dutch
  "(?:op voorraad|uitverkocht|niet op voorraad)",
  "gratis verzending",
  // Polish
  "kup teraz",
  "(?:dostępny|niedostępny|wyprzedany)",
  "darmowa dostawa",
  // Russian
  "добавлено в корзину",
  "купить(?: сейчас| в один клик| в кредит)?",
  "(?:в наличии|нет в наличии)",
  "бесплатная доставка",
  // Czech, Slovak, Romanian, Swedish, Danish, Norwegian, Finnish, Hungarian, Turkish, Estonian, Latvian
  "(?:koupit|kúpiť)",
  "(?:skladem|na sklade|vyprodáno|vypredané)",
  "(?:în|in) stoc",
  "köp nu",
  "(?:i lager|slutsåld)",
  "(?:på lager|udsolgt|utsolgt)",
  "(?:varastossa|loppuunmyyty)",
  // "Share" alone, the share button's word (German, French, Spanish, Italian, Portuguese, Dutch, Polish, Russian)
  "teilen|partager|compartir|condividi|partilhar|compartilhar|delen|udostępnij|поделиться",
];

const SHOP_LINE = new RegExp(`^(?:${SHOP_LINES.join("|")})[\\s.!:]*$`, "iu");

/** Whether a line's text (its marks gone, white space collapsed) is only a shop's control or promise in a language besides English. */
export const isShopLineInLanguages = (text: string): boolean => SHOP_LINE.test(text);
