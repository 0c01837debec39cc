// A table region redrawn by changing only what changed. Python (app/table.py) hands over the
// region's new HTML; it is parsed aside, and what equals the page's nodes keeps them, so a
// redraw late in a game does not rebuild (and lay out, and paint) every card held so far.
// The region then holds exactly what setting its innerHTML would have given.
(() => {
  "use strict";
  // Changed in place, these would play their CSS transitions (a card lifting as it is
  // chosen), and a noble taken would become the next one, which motion.js would fly in its
  // place: a changed one is replaced instead and shows its new state at once, as before.
  const WHOLE = "button, .card, .token, .noble";

  function sameAttributes(a, b) {
    if (a.attributes.length !== b.attributes.length) return false;
    for (const { namespaceURI, localName, value } of b.attributes) {
      if (a.getAttributeNS(namespaceURI, localName) !== value) return false;
    }
    return true;
  }

  function copyAttributes(to, from) {
    for (const { namespaceURI, localName } of [...to.attributes]) {
      if (!from.hasAttributeNS(namespaceURI, localName)) to.removeAttributeNS(namespaceURI, localName);
    }
    for (const { namespaceURI, name, value } of from.attributes) to.setAttributeNS(namespaceURI, name, value);
  }

  function sync(old, fresh) {
    // old (in the page) made equal to fresh (parsed aside): kept, changed in place or replaced
    if (old.isEqualNode(fresh)) return;
    if (old.nodeName !== fresh.nodeName) {
      old.replaceWith(fresh);
    } else if (old.nodeType === Node.TEXT_NODE) {
      old.data = fresh.data;
    } else if (old.nodeType !== Node.ELEMENT_NODE) {
      old.replaceWith(fresh);
    } else if (!sameAttributes(old, fresh)) {
      if (old.matches(WHOLE)) {
        old.replaceWith(fresh);
      } else {
        copyAttributes(old, fresh);
        children(old, fresh);
      }
    } else {
      children(old, fresh);
    }
  }

  function children(old, fresh) {
    const was = [...old.childNodes];
    const now = [...fresh.childNodes];
    const both = Math.min(was.length, now.length);
    for (let i = 0; i < both; i += 1) sync(was[i], now[i]);
    for (const gone of was.slice(both)) gone.remove();
    old.append(...now.slice(both)); // (a log's new lines)
  }

  window.SplendorPatch = {
    region(element, html) {
      const parsed = document.createElement("template");
      parsed.innerHTML = html;
      children(element, parsed.content);
    },
  };
})();
