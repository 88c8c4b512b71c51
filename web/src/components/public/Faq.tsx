/** Questions and answers as native disclosure widgets: keyboard and screen-reader ready, no script. */
export interface FaqItem {
  question: string;
  answer: string;
}

export function Faq({
  title = 'Frequently Asked Questions',
  items,
}: {
  title?: string;
  items: readonly FaqItem[];
}) {
  const id = `faq-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="clubs-faq" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.map((item) => (
        <details key={item.question} className="clubs-faq__item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
