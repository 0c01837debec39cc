"""How to play Splendor and Splendor Duel, in every language of the page, as plain data.

`RULES[game][lang]` is a list of `(heading, [paragraph, ...])`, game "classic" or "duel".
A paragraph starting with "- " is a bullet item (a renderer groups consecutive bullets into
one list). Markers show where the page draws its own pictures: `{gem:w}` `{gem:b}` `{gem:g}`
`{gem:r}` `{gem:k}` `{gem:y}` `{gem:p}` `{gem:x}` (token shapes; x = the Duel joker) and
`{icon:crown}` `{icon:scroll}` (Duel crown and privilege). `parts()` splits a paragraph into
text and markers. The rules are those of shared/RULES.md, shortened.
"""

from __future__ import annotations

import re

CLASSIC_EN = [
    (
        "Goal",
        [
            (
                "You are Renaissance merchants. Buy development cards, attract nobles and collect "
                "prestige points. When someone reaches 15 points, the round is played to its end "
                "and the player with the most points wins."
            ),
        ],
    ),
    (
        "Setup",
        [
            (
                "Each of the three decks is shuffled and 4 cards of every level are laid face up. "
                "One noble more than there are players is revealed."
            ),
            (
                "The bank holds gems of five colours {gem:w}{gem:b}{gem:g}{gem:r}{gem:k}: 4 of each with 2 players, "
                "5 with 3 players, 7 with 4 players; plus 5 gold {gem:y}, which is a joker. "
                "The first player is chosen at random."
            ),
        ],
    ),
    (
        "Your turn: do exactly one",
        [
            (
                "- Take 3 gems of 3 different colours (never gold). If fewer than 3 colours are "
                "left in the bank, take one of each colour left."
            ),
            "- Take 2 gems of the same colour, only from a pile that holds at least 4.",
            (
                "- Reserve a face-up card, or the top card of a deck without showing it, and take "
                "1 gold {gem:y} if any is left. You may hold 3 reserved cards; only you can buy them."
            ),
            (
                "- Buy a face-up card or one of your reserved cards. Every card you own is a "
                "permanent bonus: it lowers the cost of later cards by 1 gem of its colour. Pay the "
                "rest with gems; gold {gem:y} replaces any missing gem."
            ),
            (
                "A face-up card that is bought or reserved is replaced from its deck at once. "
                "If you can do nothing at all, your turn passes."
            ),
        ],
    ),
    (
        "End of your turn",
        [
            (
                "- Holding more than 10 tokens (gold included)? Return tokens of your choice "
                "until you hold 10."
            ),
            (
                "- If your bonuses meet a noble's requirement, the noble visits you: 3 prestige "
                "points. At most one noble per turn; if several qualify, you choose (an option "
                "makes the first eligible noble come by itself)."
            ),
        ],
    ),
    (
        "End of the game",
        [
            (
                "Once a player ends a turn with 15 points or more, play goes on until everyone "
                "has had the same number of turns. The most points wins; on a tie, the player "
                "with fewer purchased cards wins; if still tied, the win is shared."
            ),
        ],
    ),
]

DUEL_EN = [
    (
        "Goal",
        [
            (
                "Two rivals compete for jewels. You win at once, at the end of your turn, with any "
                "of: 20 prestige points; 10 crowns {icon:crown}; 10 prestige points on cards of a "
                "single colour."
            ),
        ],
    ),
    (
        "Setup",
        [
            (
                "The three decks are shuffled and a pyramid of 5 level 1, 4 level 2 and 3 level 3 "
                "cards is laid face up. The 4 royal cards lie face up beside it."
            ),
            (
                "The 25 tokens (4 of each colour {gem:w}{gem:b}{gem:g}{gem:r}{gem:k}, 2 pearls {gem:p}, 3 gold "
                "{gem:y}) go into the bag and are drawn onto the 5×5 board in a spiral from the "
                "centre. The second player takes 1 privilege {icon:scroll}."
            ),
        ],
    ),
    (
        "Optional actions",
        [
            "Before your mandatory action you may, in this order and each at most once:",
            (
                "- Use privileges: return any number of privileges {icon:scroll}; for each, take 1 "
                "gem or pearl from the board (never gold)."
            ),
            (
                "- Replenish the board, if the bag is not empty: draw all its tokens onto the "
                "empty spaces. Your opponent takes 1 privilege."
            ),
        ],
    ),
    (
        "Mandatory action: exactly one",
        [
            (
                "- Take 1, 2 or 3 tokens next to each other in one straight line (row, column or "
                "diagonal), with no gap and no gold. Taking 3 of one colour, or both pearls, gives "
                "your opponent 1 privilege."
            ),
            (
                "- Take 1 gold {gem:y} from the board and reserve a pyramid card or the top card "
                "of a deck (at most 3 reserved cards)."
            ),
            (
                "- Buy a card from the pyramid or from your reserve. Your bonuses lower its cost "
                "(never the pearls); gold replaces any gem or pearl. Spent tokens go into the bag."
            ),
            "If no mandatory action is possible, you must replenish the board first.",
        ],
    ),
    (
        "Card abilities",
        [
            "- Play again: take another turn right after this one.",
            (
                "- Joker {gem:x}: place the card on one of your bonus colours; it becomes that "
                "colour. You cannot buy it without a card that has a bonus."
            ),
            "- Token: take a token of the card's colour from the board, if there is one.",
            "- Privilege: take 1 privilege {icon:scroll}.",
            "- Steal: take 1 gem or pearl (not gold) from your opponent.",
            (
                "There are 3 privileges. When the supply is empty you take one from your opponent; "
                "if you hold all 3, you gain nothing."
            ),
        ],
    ),
    (
        "Crowns and royal cards",
        [
            (
                "When you reach 3 crowns {icon:crown}, and again when you reach 6, take one of the "
                "remaining royal cards and apply its ability. This is not an action."
            ),
        ],
    ),
    (
        "End of your turn",
        [
            "- Holding more than 10 tokens? Return the excess to the bag.",
            (
                "- Then check the three victories: 20 points, 10 crowns, or 10 points in one "
                "colour (a joker counts as the colour it was placed on)."
            ),
        ],
    ),
]

CLASSIC_FA = [
    (
        "هدف",
        [
            (
                "شما تاجران دورهٔ رنسانس هستید. کارت توسعه بخرید، اشراف‌زادگان را جذب کنید و "
                "امتیاز اعتبار جمع کنید. وقتی کسی به ۱۵ امتیاز برسد، آن دور تا آخر بازی می‌شود "
                "و هر کس بیشترین امتیاز را داشته باشد برنده است."
            ),
        ],
    ),
    (
        "آماده‌سازی",
        [
            (
                "هر یک از سه دسته جداگانه بُر زده می‌شود و از هر سطح ۴ کارت رو به بالا چیده "
                "می‌شود. به تعداد بازیکنان به‌علاوهٔ یک، اشراف‌زاده رو می‌شود."
            ),
            (
                "بانک گوهرهای پنج رنگ را دارد {gem:w}{gem:b}{gem:g}{gem:r}{gem:k}: از هر رنگ ۴ گوهر در بازی دونفره، "
                "۵ در سه‌نفره و ۷ در چهارنفره؛ به‌علاوهٔ ۵ طلا {gem:y} که جوکر است. "
                "نفر شروع‌کننده تصادفی انتخاب می‌شود."
            ),
        ],
    ),
    (
        "نوبت شما: دقیقاً یکی از این کارها",
        [
            (
                "- ۳ گوهر از ۳ رنگ مختلف بردارید (هرگز طلا). اگر کمتر از ۳ رنگ در بانک مانده "
                "باشد، از هر رنگ باقی‌مانده یکی بردارید."
            ),
            "- ۲ گوهر همرنگ بردارید؛ فقط از کپه‌ای که دست‌کم ۴ گوهر دارد.",
            (
                "- یک کارت رو را، یا کارت رویی یک دسته را بدون نشان دادن، رزرو کنید و اگر طلا "
                "مانده باشد ۱ طلا {gem:y} بگیرید. حداکثر ۳ کارت رزروشده می‌توانید داشته باشید و "
                "فقط خودتان می‌توانید آن‌ها را بخرید."
            ),
            (
                "- یک کارت رو یا یکی از کارت‌های رزروشده‌تان را بخرید. هر کارتی که دارید تخفیفی "
                "دائمی است: بهای کارت‌های بعدی را به اندازهٔ ۱ گوهر از رنگ خودش کم می‌کند. باقی را "
                "با گوهر بپردازید؛ طلا {gem:y} جای هر گوهر کم را می‌گیرد."
            ),
            (
                "کارت رویی که خریده یا رزرو شود، بلافاصله از دستهٔ همان سطح جایگزین می‌شود. "
                "اگر هیچ کاری ممکن نباشد، نوبت شما رد می‌شود."
            ),
        ],
    ),
    (
        "پایان نوبت",
        [
            "- بیش از ۱۰ توکن (با طلا) دارید؟ به انتخاب خودتان توکن پس بدهید تا ۱۰ بماند.",
            (
                "- اگر تخفیف‌های شما به خواستهٔ یک اشراف‌زاده برسد، او به دیدارتان می‌آید: "
                "۳ امتیاز اعتبار. در هر نوبت حداکثر یک اشراف‌زاده؛ اگر چند نفر واجد شرایط باشند، "
                "شما انتخاب می‌کنید (با یک گزینه، اولین اشراف‌زادهٔ واجد شرایط خودش می‌آید)."
            ),
        ],
    ),
    (
        "پایان بازی",
        [
            (
                "وقتی بازیکنی نوبتش را با ۱۵ امتیاز یا بیشتر تمام کند، بازی ادامه می‌یابد تا "
                "همه به تعداد برابر نوبت داشته باشند. بیشترین امتیاز برنده است؛ در تساوی، کسی که "
                "کارت کمتری خریده برنده است و اگر باز هم برابر باشند، برد مشترک است."
            ),
        ],
    ),
]

DUEL_FA = [
    (
        "هدف",
        [
            (
                "دو رقیب برای جواهرات رقابت می‌کنند. در پایان نوبتتان بلافاصله برنده می‌شوید اگر "
                "یکی از این‌ها را داشته باشید: ۲۰ امتیاز اعتبار؛ ۱۰ نشان تاج {icon:crown}؛ "
                "۱۰ امتیاز روی کارت‌های همرنگ."
            ),
        ],
    ),
    (
        "چیدمان آغاز بازی",
        [
            (
                "سه دسته بُر زده می‌شوند و هرمی از ۵ کارت سطح ۱، ۴ کارت سطح ۲ و ۳ کارت سطح ۳ رو "
                "چیده می‌شود. ۴ کارت اشراف‌زاده هم رو به بالا کنار آن قرار می‌گیرند."
            ),
            (
                "۲۵ توکن (از هر رنگ ۴ توکن {gem:w}{gem:b}{gem:g}{gem:r}{gem:k}، ۲ مروارید {gem:p} و ۳ طلا {gem:y}) "
                "در کیسه ریخته و به شکل مارپیچ از خانهٔ مرکزی روی صفحهٔ ۵×۵ چیده می‌شوند. "
                "نفر دوم ۱ کارگاه {icon:scroll} می‌گیرد."
            ),
        ],
    ),
    (
        "عملیات اختیاری",
        [
            "پیش از عملیات اجباری می‌توانید، به همین ترتیب و هر کدام حداکثر یک بار:",
            (
                "- استفاده از کارگاه: هر تعداد کارگاه {icon:scroll} را برگردانید و به ازای هر کدام "
                "۱ توکن جواهر یا مروارید از صفحه بردارید (هرگز طلا)."
            ),
            (
                "- پر کردن صفحه، اگر کیسه خالی نباشد: همهٔ توکن‌های کیسه را روی خانه‌های خالی "
                "بچینید. حریف شما ۱ کارگاه می‌گیرد."
            ),
        ],
    ),
    (
        "عملیات اجباری: دقیقاً یکی",
        [
            (
                "- ۱، ۲ یا ۳ توکن به‌هم‌پیوسته را در یک خط مستقیم (افقی، عمودی یا اریب) بردارید؛ "
                "بدون خانهٔ خالی و بدون طلا. برداشتن ۳ توکن همرنگ یا هر ۲ مروارید، ۱ کارگاه به "
                "حریف می‌دهد."
            ),
            (
                "- ۱ طلا {gem:y} از صفحه بردارید و یک کارت از هرم یا کارت رویی یک دسته را رزرو "
                "کنید (حداکثر ۳ کارت رزروشده)."
            ),
            (
                "- یک کارت از هرم یا از کارت‌های رزروشده‌تان بخرید. پاداش‌هایتان بهای آن را کم "
                "می‌کنند (هرگز مروارید را)؛ طلا جای هر جواهر یا مروارید را می‌گیرد. توکن‌های "
                "خرج‌شده به کیسه برمی‌گردند."
            ),
            "اگر هیچ عملیات اجباری ممکن نباشد، باید اول صفحه را پر کنید.",
        ],
    ),
    (
        "قابلیت‌های کارت‌ها",
        [
            "- نوبت دوباره: بلافاصله بعد از این نوبت، یک نوبت دیگر بازی کنید.",
            (
                "- کارت آزاد {gem:x}: آن را روی یکی از رنگ‌های پاداش خود بگذارید تا همان رنگ "
                "شود. بدون داشتن کارت پاداش‌دار نمی‌توانید آن را بخرید."
            ),
            "- توکن: اگر توکنی همرنگ کارت روی صفحه باشد، آن را بردارید.",
            "- کارگاه: ۱ کارگاه {icon:scroll} بردارید.",
            "- گرفتن از حریف: ۱ توکن جواهر یا مروارید (نه طلا) از حریف بگیرید.",
            (
                "۳ کارگاه وجود دارد. اگر کارگاهی در دسترس نباشد، یکی از حریف می‌گیرید؛ اگر هر ۳ "
                "مال شما باشد، چیزی نمی‌گیرید."
            ),
        ],
    ),
    (
        "تاج‌ها و کارت‌های اشراف‌زاده",
        [
            (
                "وقتی به ۳ تاج {icon:crown} می‌رسید و دوباره وقتی به ۶ تاج می‌رسید، یکی از "
                "کارت‌های اشراف‌زادهٔ باقی‌مانده را بردارید و قابلیتش را اجرا کنید. این کار "
                "عملیات حساب نمی‌شود."
            ),
        ],
    ),
    (
        "پایان نوبت",
        [
            "- بیش از ۱۰ توکن دارید؟ توکن‌های اضافی را به کیسه برگردانید.",
            (
                "- سپس سه شرط پیروزی را بررسی کنید: ۲۰ امتیاز، ۱۰ تاج، یا ۱۰ امتیاز در یک رنگ "
                "(کارت آزاد همرنگ کارت‌هایی است که رویشان گذاشته شده)."
            ),
        ],
    ),
]

CLASSIC_KA = [
    (
        "მიზანი",
        [
            (
                "თქვენ რენესანსის ვაჭრები ხართ. იყიდეთ განვითარების ბარათები, მოიზიდეთ "
                "დიდებულები და შეაგროვეთ პრესტიჟის ქულები. როცა ვინმე 15 ქულას მიაღწევს, რაუნდი "
                "ბოლომდე თამაშდება და იგებს ის, ვისაც ყველაზე მეტი ქულა აქვს."
            ),
        ],
    ),
    (
        "მომზადება",
        [
            (
                "სამივე დასტა ცალ-ცალკე ირევა და თითოეული დონიდან 4 ბარათი ღიად იშლება. "
                "ღიად იდება მოთამაშეთა რაოდენობაზე ერთით მეტი დიდებული."
            ),
            (
                "ბანკში ხუთი ფერის ძვირფასი ქვაა {gem:w}{gem:b}{gem:g}{gem:r}{gem:k}: თითო ფერის 4 ორ მოთამაშეზე, "
                "5 სამზე და 7 ოთხზე; ასევე 5 ოქრო {gem:y}, რომელიც ჯოკერია. "
                "პირველი მოთამაშე შემთხვევით ირჩევა."
            ),
        ],
    ),
    (
        "თქვენი სვლა: ზუსტად ერთი მოქმედება",
        [
            (
                "- აიღეთ 3 სხვადასხვა ფერის ძვირფასი ქვა (არასდროს ოქრო). თუ ბანკში 3-ზე ნაკლები "
                "ფერი დარჩა, აიღეთ თითო ყოველი დარჩენილი ფერიდან."
            ),
            "- აიღეთ 2 ერთი ფერის ქვა, მხოლოდ იმ გროვიდან, სადაც მინიმუმ 4 ქვაა.",
            (
                "- დაჯავშნეთ ღია ბარათი, ან დასტის ზედა ბარათი ისე, რომ არავის აჩვენოთ, და "
                "აიღეთ 1 ოქრო {gem:y}, თუ დარჩა. შეიძლება გქონდეთ 3 დაჯავშნილი ბარათი; მათ "
                "მხოლოდ თქვენ იყიდით."
            ),
            (
                "- იყიდეთ ღია ბარათი ან თქვენი დაჯავშნილი ბარათი. ყოველი თქვენი ბარათი მუდმივი "
                "ბონუსია: შემდეგი ბარათების ფასს მისი ფერის 1 ქვით ამცირებს. დანარჩენი "
                "ქვებით გადაიხადეთ; ოქრო {gem:y} ნებისმიერ დაკლებულ ქვას ცვლის."
            ),
            (
                "ნაყიდი ან დაჯავშნილი ღია ბარათი მაშინვე იცვლება იმავე დონის დასტიდან. თუ "
                "ვერაფერს აკეთებთ, სვლა გამოტოვებულია."
            ),
        ],
    ),
    (
        "სვლის დასასრული",
        [
            (
                "- 10-ზე მეტი ჟეტონი გაქვთ (ოქროს ჩათვლით)? დააბრუნეთ თქვენი არჩეული ჟეტონები, "
                "სანამ 10 არ დაგრჩებათ."
            ),
            (
                "- თუ თქვენი ბონუსები დიდებულის მოთხოვნას აკმაყოფილებს, დიდებული გესტუმრებათ: "
                "3 პრესტიჟის ქულა. ერთ სვლაში მაქსიმუმ ერთი დიდებული; თუ რამდენიმე გამოდგება, "
                "თქვენ ირჩევთ (პარამეტრით პირველი შესაფერისი დიდებული თავად მოდის)."
            ),
        ],
    ),
    (
        "თამაშის დასასრული",
        [
            (
                "როცა მოთამაშე სვლას 15 ან მეტი ქულით ამთავრებს, თამაში გრძელდება, სანამ ყველას "
                "თანაბარი რაოდენობის სვლა არ ექნება. იგებს ყველაზე მეტი ქულა; თანასწორობისას "
                "იგებს ის, ვინც ნაკლები ბარათი იყიდა; თუ მაინც თანაბარია, გამარჯვება საერთოა."
            ),
        ],
    ),
]

DUEL_KA = [
    (
        "მიზანი",
        [
            (
                "ორი მეტოქე ძვირფასეულობისთვის იბრძვის. სვლის ბოლოს მაშინვე იგებთ, თუ გაქვთ: "
                "20 პრესტიჟის ქულა; 10 გვირგვინი {icon:crown}; ან 10 პრესტიჟის ქულა ერთი ფერის "
                "ბარათებზე."
            ),
        ],
    ),
    (
        "მომზადება",
        [
            (
                "სამი დასტა ირევა და ღიად იშლება პირამიდა: პირველი დონის 5, მეორე დონის 4 და "
                "მესამე დონის 3 ბარათი. 4 სამეფო ბარათი ღიად დევს გვერდით."
            ),
            (
                "25 ჟეტონი (თითო ფერის 4 {gem:w}{gem:b}{gem:g}{gem:r}{gem:k}, 2 მარგალიტი {gem:p}, 3 ოქრო {gem:y}) "
                "ტომარაში იყრება და 5×5 დაფაზე ცენტრიდან სპირალურად ლაგდება. მეორე მოთამაშე "
                "იღებს 1 პრივილეგიას {icon:scroll}."
            ),
        ],
    ),
    (
        "არასავალდებულო მოქმედებები",
        [
            "სავალდებულო მოქმედებამდე შეგიძლიათ, ამ რიგით და თითოეული მაქსიმუმ ერთხელ:",
            (
                "- პრივილეგიების გამოყენება: დააბრუნეთ ნებისმიერი რაოდენობის პრივილეგია "
                "{icon:scroll}; თითოეულისთვის აიღეთ დაფიდან 1 ძვირფასი ქვა ან მარგალიტი "
                "(არასდროს ოქრო)."
            ),
            (
                "- დაფის შევსება, თუ ტომარა ცარიელი არ არის: ტომრის ყველა ჟეტონი ცარიელ "
                "ადგილებზე დაალაგეთ. მოწინააღმდეგე იღებს 1 პრივილეგიას."
            ),
        ],
    ),
    (
        "სავალდებულო მოქმედება: ზუსტად ერთი",
        [
            (
                "- აიღეთ 1, 2 ან 3 მეზობელი ჟეტონი ერთ სწორ ხაზზე (მწკრივი, სვეტი ან "
                "დიაგონალი), ცარიელი ადგილისა და ოქროს გარეშე. ერთი ფერის 3 ჟეტონის ან ორივე "
                "მარგალიტის აღება მოწინააღმდეგეს 1 პრივილეგიას აძლევს."
            ),
            (
                "- აიღეთ დაფიდან 1 ოქრო {gem:y} და დაჯავშნეთ პირამიდის ბარათი ან დასტის ზედა "
                "ბარათი (მაქსიმუმ 3 დაჯავშნილი ბარათი)."
            ),
            (
                "- იყიდეთ ბარათი პირამიდიდან ან თქვენი დაჯავშნილებიდან. ბონუსები ფასს ამცირებს "
                "(მარგალიტს არასდროს); ოქრო ნებისმიერ ქვას ან მარგალიტს ცვლის. დახარჯული "
                "ჟეტონები ტომარაში ბრუნდება."
            ),
            "თუ არცერთი სავალდებულო მოქმედება შეუძლებელია, ჯერ დაფა უნდა შეავსოთ.",
        ],
    ),
    (
        "ბარათების უნარები",
        [
            "- კიდევ ერთი სვლა: ამ სვლის შემდეგ მაშინვე კიდევ ერთხელ ითამაშეთ.",
            (
                "- ჯოკერი {gem:x}: დადეთ ბარათი თქვენი ბონუსის ერთ-ერთ ფერზე; ის იმ ფერის ხდება. "
                "ბონუსიანი ბარათის გარეშე მისი ყიდვა არ შეიძლება."
            ),
            "- ჟეტონი: აიღეთ დაფიდან ბარათის ფერის ჟეტონი, თუ ასეთი არის.",
            "- პრივილეგია: აიღეთ 1 პრივილეგია {icon:scroll}.",
            "- წართმევა: წაართვით მოწინააღმდეგეს 1 ძვირფასი ქვა ან მარგალიტი (არა ოქრო).",
            (
                "სულ 3 პრივილეგიაა. თუ მარაგი ცარიელია, პრივილეგიას მოწინააღმდეგეს ართმევთ; "
                "თუ სამივე თქვენთანაა, არაფერს იღებთ."
            ),
        ],
    ),
    (
        "გვირგვინები და სამეფო ბარათები",
        [
            (
                "როცა 3 გვირგვინს {icon:crown} მიაღწევთ და ისევ, როცა 6-ს მიაღწევთ, აიღეთ ერთ-ერთი "
                "დარჩენილი სამეფო ბარათი და გამოიყენეთ მისი უნარი. ეს მოქმედებად არ ითვლება."
            ),
        ],
    ),
    (
        "სვლის დასასრული",
        [
            "- 10-ზე მეტი ჟეტონი გაქვთ? ზედმეტი ტომარაში დააბრუნეთ.",
            (
                "- შემდეგ შეამოწმეთ სამი გამარჯვება: 20 ქულა, 10 გვირგვინი ან 10 ქულა ერთ ფერში "
                "(ჯოკერი ითვლება იმ ფერად, რომელზეც დადეს)."
            ),
        ],
    ),
]

RULES = {
    "classic": {"en": CLASSIC_EN, "fa": CLASSIC_FA, "ka": CLASSIC_KA},
    "duel": {"en": DUEL_EN, "fa": DUEL_FA, "ka": DUEL_KA},
}

MARKER = re.compile(r"\{(gem|icon):(\w+)\}")


def sections(game: str, lang: str) -> list[tuple[str, list[str]]]:
    """Return the how-to-play sections of `game` in `lang` (falling back to English)."""
    by_lang = RULES[game]
    return by_lang.get(lang, by_lang["en"])


def parts(paragraph: str) -> list[str | tuple[str, str]]:
    """Split a paragraph into plain text and (kind, name) markers, e.g. ("gem", "w")."""
    out: list[str | tuple[str, str]] = []
    pos = 0
    for match in MARKER.finditer(paragraph):
        if match.start() > pos:
            out.append(paragraph[pos : match.start()])
        out.append((match.group(1), match.group(2)))
        pos = match.end()
    if pos < len(paragraph):
        out.append(paragraph[pos:])
    return out


def markers(paragraphs: list[str]) -> list[tuple[str, str]]:
    """Return every marker of a section in order (used to compare languages)."""
    return [(m.group(1), m.group(2)) for p in paragraphs for m in MARKER.finditer(p)]
