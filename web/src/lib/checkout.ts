// Card payment opens Stripe Checkout in the same tab (issue 34), on the booking page and the public
// form alike: nothing for a phone's browser to block as a popup, no first tab left behind on a
// 'redirecting' notice; Checkout sends the visitor back to the page, in their language.
/** Where the page goes to pay: one seam, so tests see the address instead of leaving the page. */
export const checkoutNavigation = {
  go(url: string) {
    window.location.assign(url);
  },
};
