/** /operator/listings: the operators' queue of listings under review. */
export function ListingReviewPage() {
  return (
    <section className="container">
      <h1>Listings to review</h1>
    </section>
  );
}
